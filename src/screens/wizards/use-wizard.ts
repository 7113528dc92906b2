/**
 * A wizard layout for a screen (issue 22): fetched by name (GetWizardLayout, in
 * the user's language, fresh per visit so a published studio version shows),
 * turned into a form model with the user's capabilities, and the final call
 * made through the service client. Screens draw it with <WizardForm>.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutToFormModel, withWizardSteps, type FormModel } from '../../../engine/forms';
import { defaultRendererRegistry } from '../../../renderers/forms';
import { callService, type CallService } from '../../api';
import type { Capability } from '../../contract/capabilities';
import type { WizardLayout } from '../../contract/services/wizard-schemas';

export const wizardQueryKey = (name: string, locale: string) => ['wizardLayout', name, locale] as const;

export function useWizardLayout(name: string) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useQuery<WizardLayout>({
    queryKey: wizardQueryKey(name, locale),
    queryFn: ({ signal }) => callService('Account', 'GetWizardLayout', { name }, { signal }),
    retry: false,
  });
}

/** The wizard's steps as a form model: it starts from the layout's defaults (CREATE). */
export function useWizardModel(wizard: WizardLayout | undefined, capabilities: readonly Capability[]): FormModel | undefined {
  return useMemo(
    () => (wizard ? layoutToFormModel(withWizardSteps(wizard.Layout, wizard), { mode: 'create', capabilities, testers: defaultRendererRegistry.testers }) : undefined),
    [wizard, capabilities],
  );
}

export const wizardSourceKey = (service: string, method: string, params: Record<string, unknown>) => ['wizardSource', service, method, params] as const;

/**
 * Loads a step's source (e.g. a ChooseAccount step's accounts) through the
 * query cache, so a screen showing the same answer (the move's account) asks once.
 */
export function useWizardSourceLoader() {
  const queryClient = useQueryClient();
  return useCallback(
    (service: string, method: string, params: Record<string, unknown>) =>
      queryClient.fetchQuery({
        queryKey: wizardSourceKey(service, method, params),
        queryFn: ({ signal }) => (callService as unknown as (service: string, method: string, body: unknown, options: { signal: AbortSignal }) => Promise<unknown>)(service, method, params, { signal }),
        staleTime: 10_000,
      }),
    [queryClient],
  );
}

/** The final call as the layout names it; the server checks body, capabilities and reach as for any call. */
export const runWizardCall = (service: string, method: string, params: Record<string, unknown>) =>
  (callService as unknown as (service: string, method: string, body: unknown, options: { suppressErrors: boolean }) => ReturnType<CallService>)(service, method, params, {
    suppressErrors: true,
  });

export const wizardErrorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
