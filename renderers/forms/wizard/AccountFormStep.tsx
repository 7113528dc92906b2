/**
 * An AccountForm step (issue 22): an account type's layout form (e.g. the
 * product chosen earlier), its action, product and starting values read from
 * earlier answers. The screen hands in how a layout is loaded and the form's
 * services; the wizard submits the form on Next through `onForm`.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutToFormModel, lineText, readValue, type AccountViews, type FormServices, type WizardScope } from '../../../engine/forms';
import type { Capability } from '../../../contract/capabilities';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import type { WizardAccountForm } from '../../../contract/services/wizard-schemas';
import { pageFormatting } from '../../../contract/formatting';
import type { MfaServices } from '../form-context';
import { LayoutForm } from '../LayoutForm';
import type { RendererRegistry } from '../registry';
import { useLayoutForm, type LayoutFormHandle } from '../use-layout-form';

/** Which account's form a step asks for (the action EDIT with an AccountId: that account's). */
export interface AccountFormRequest {
  accountType: string;
  action: 'CREATE' | 'EDIT';
  productName: string | null;
  accountId: number | null;
  /** The parent a new account would get (its options and checks are asked for under it). */
  parentAccountId: number | null;
}

/** What the screen gives a wizard with AccountForm steps. */
export interface AccountFormSupport {
  loadLayout(request: AccountFormRequest, signal: AbortSignal): Promise<ViewLayout>;
  capabilities: readonly Capability[];
  services?(request: AccountFormRequest): FormServices;
}

/** The step's request from the answers; undefined while they do not name one (the studio's preview). */
export function accountFormRequest(step: WizardAccountForm, scope: WizardScope): AccountFormRequest | undefined {
  const action = readValue(step.Action, scope);
  if (action !== 'CREATE' && action !== 'EDIT') return undefined;
  const productName = step.ProductName ? readValue(step.ProductName, scope) : null;
  const accountId = step.AccountId ? readValue(step.AccountId, scope) : null;
  const parentAccountId = step.ParentAccountId ? readValue(step.ParentAccountId, scope) : null;
  const id = (value: unknown) => (typeof value === 'number' ? value : null);
  return { accountType: step.AccountType, action, productName: typeof productName === 'string' ? productName : null, accountId: id(accountId), parentAccountId: id(parentAccountId) };
}

interface Props {
  step: WizardAccountForm;
  scope: WizardScope;
  support?: AccountFormSupport;
  onForm(form: LayoutFormHandle | undefined): void;
  registry: RendererRegistry;
  mfa?: MfaServices;
  errorText?(error: unknown): string;
}

export function AccountFormStep({ step, scope, support, onForm, registry, mfa, errorText }: Props) {
  const { t, i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const request = useMemo(() => accountFormRequest(step, scope), [step, scope]);
  const views = (step.Views ? readValue(step.Views, scope) : undefined) as AccountViews | undefined;
  const [layout, setLayout] = useState<ViewLayout | { failed: string } | undefined>();
  const requestKey = JSON.stringify(request ?? null);
  useEffect(() => {
    if (!support || !request) return;
    const controller = new AbortController();
    setLayout(undefined);
    support.loadLayout(request, controller.signal).then(setLayout, (error: unknown) => {
      if (!controller.signal.aborted) setLayout({ failed: errorText ? errorText(error) : String(error) });
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the request's content, not its identity, picks the layout
  }, [support, requestKey]);

  const title = (step.Title ?? []).map((line) => lineText(line, scope, formatting)).find((text) => text !== undefined);
  const heading = title && (
    <h2 className="lf-wizard-title" data-testid="wizard-form-title">
      {title}
    </h2>
  );
  if (!support || !request)
    return (
      <div className="lf-section">
        {heading}
        <p className="lf-wizard-note">{t('forms.wizard.previewForm', { type: step.AccountType })}</p>
      </div>
    );
  if (!layout) return <div className="lf-wizard-loading" role="progressbar" aria-label={t('common.loading')} />;
  if ('failed' in layout)
    return (
      <p className="lf-wizard-error" role="alert">
        {layout.failed}
      </p>
    );
  return (
    <div className="lf-account-form" data-testid="wizard-account-form">
      {heading}
      <LoadedForm layout={layout} views={views} request={request} support={support} onForm={onForm} registry={registry} mfa={mfa} />
    </div>
  );
}

function LoadedForm({ layout, views, request, support, onForm, registry, mfa }: {
  layout: ViewLayout;
  views: AccountViews | undefined;
  request: AccountFormRequest;
  support: AccountFormSupport;
  onForm(form: LayoutFormHandle | undefined): void;
  registry: RendererRegistry;
  mfa?: MfaServices;
}) {
  const { capabilities } = support;
  const model = useMemo(
    () => layoutToFormModel(layout, { mode: request.action === 'EDIT' ? 'edit' : 'create', views, capabilities, testers: registry.testers }),
    [layout, request.action, views, capabilities, registry],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one set of services per request
  const services = useMemo(() => support.services?.(request), [support, JSON.stringify(request)]);
  const form = useLayoutForm(model, { services });
  useEffect(() => {
    onForm(form);
    return () => onForm(undefined);
  }, [form, onForm]);
  return <LayoutForm form={form} registry={registry} mfa={mfa} />;
}
