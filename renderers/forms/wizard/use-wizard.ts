/**
 * A wizard layout for a screen (issue 22): fetched by name (GetWizardLayout, in
 * the user's language, fresh per visit so a published studio version shows),
 * turned into a form model with the user's capabilities; the sources of its
 * steps and of a screen's subject loaded through one query cache (the same
 * answer asked once). The caller is the app's service client, handed in.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutToFormModel, withWizardSteps, type FormModel } from '../../../engine/forms';
import type { Capability } from '../../../contract/capabilities';
import type { WizardLayout } from '../../../contract/services/wizard-schemas';
import { defaultRendererRegistry } from '../default-registry';
import type { WizardLoad } from './ChooseRowStep';

export const wizardQueryKey = (name: string, locale: string) => ['wizardLayout', name, locale] as const;

export function useWizardLayout(name: string, call: WizardLoad) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useQuery<WizardLayout>({
    queryKey: wizardQueryKey(name, locale),
    queryFn: ({ signal }) => call('Account', 'GetWizardLayout', { name }, signal) as Promise<WizardLayout>,
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

/** Loads a source (a ChooseAccount step's accounts, a screen's subject) through the query cache. */
export function useWizardSourceLoader(call: WizardLoad): WizardLoad {
  const queryClient = useQueryClient();
  return useCallback(
    (service, method, params) => queryClient.fetchQuery({ queryKey: wizardSourceKey(service, method, params), queryFn: ({ signal }) => call(service, method, params, signal), staleTime: 10_000 }),
    [queryClient, call],
  );
}

/** A source's answer as a query (the subject of a screen), shared with the loader's cache entry; off without params. */
export function useWizardSource(call: WizardLoad, service: string, method: string, params: Record<string, unknown> | undefined) {
  return useQuery({
    queryKey: wizardSourceKey(service, method, params ?? {}),
    queryFn: ({ signal }) => call(service, method, params ?? {}, signal),
    enabled: params !== undefined,
    retry: false,
  });
}

export const wizardErrorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
