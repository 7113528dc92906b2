/**
 * A wizard drawn from its layout (issue 22): the steps as a numbered list, the
 * current step's sections (the same sections and field renderers as
 * <LayoutForm>), a review step listing the values, Back/Next keeping the values
 * in one store, and the final call. Next checks the step's fields first; the
 * final button checks all of them and moves to the step of the first problem.
 * Without `run` (the studio's preview) the final button is off and says what it
 * would call.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDisplayValue,
  stepFields,
  submitLabel,
  submitLabelFields,
  summaryPages,
  wizardParams,
  wizardSteps,
  type FormStore,
  type WizardDefinition,
} from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import { inputIdOf } from './field-props';
import { LayoutFormContext, type MfaServices } from './form-context';
import { Section } from './LayoutForm';
import type { RendererRegistry } from './registry';
import type { LayoutFormHandle } from './use-layout-form';
import { useFormModel, useFormStatus } from './use-form-state';
import './layout-form.css';
import './wizard-form.css';
import { useDirtyReport } from './use-dirty-report';
import { pageFormatting } from '../../src/contract/formatting';

export interface WizardFormProps {
  wizard: WizardDefinition;
  form: LayoutFormHandle;
  /** Values the final call may take (Params with Context), e.g. the account the screen is about. */
  context?: Readonly<Record<string, unknown>>;
  /** Makes the final call; absent in a preview. */
  run?(service: string, method: string, params: Record<string, unknown>): Promise<unknown>;
  onDone?(result: unknown): void;
  /** What to say when the call is refused. */
  errorText?(error: unknown): string;
  /** A final call that destroys something (terminate): its button in the error colour. */
  danger?: boolean;
  onDirtyChange?(dirty: boolean): void;
  registry?: RendererRegistry;
  mfa?: MfaServices;
}

/** The final button's label, following the fields its conditions read. */
function useSubmitLabel(store: FormStore, wizard: WizardDefinition): string {
  const names = useMemo(() => submitLabelFields(wizard), [wizard]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = names.map((name) => store.subscribeField(name, listener));
      return () => offs.forEach((off) => off());
    },
    [store, names],
  );
  const snapshot = useCallback(() => submitLabel(wizard, (name) => (store.model.fields[name] ? store.getField(name).value : null)), [store, wizard]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function Summary({ store, pages }: { store: FormStore; pages: { title: string; fields: string[] }[] }) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const texts = { yes: t('forms.yes'), no: t('forms.no'), empty: t('forms.empty') };
  return (
    <div className="lf-section" data-testid="wizard-summary">
      {pages.map((page) => (
        <div key={page.title} className="lf-summary-page">
          <h3 className="lf-section-title">{page.title}</h3>
          <dl className="lf-summary">
            {page.fields.map((name) => {
              const field = store.model.fields[name];
              const state = store.getField(name);
              if (!field || !state.visible) return null;
              return (
                <div key={name} className="lf-summary-row" data-testid={`wizard-summary-${name}`}>
                  <dt>{field.label}</dt>
                  <dd>{formatDisplayValue(field, state.value, locale, texts, state.options)}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </div>
  );
}

export function WizardForm({ wizard, form, context = {}, run, onDone, errorText, danger, onDirtyChange, registry = defaultRendererRegistry, mfa }: WizardFormProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const formContext = useMemo(() => ({ registry, mfa, t, locale }), [registry, mfa, t, locale]);
  const { store } = form;
  const model = useFormModel(store);
  const { submitting } = useFormStatus(store);
  const steps = useMemo(() => wizardSteps(wizard, model), [wizard, model]);
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const current = Math.min(index, Math.max(0, steps.length - 1));
  const step = steps[current];
  const last = current === steps.length - 1;
  const label = useSubmitLabel(store, wizard);

  // The step of a field to correct (after the final check), then its input.
  useEffect(
    () =>
      form.onFocusRequest((name) => {
        const field = model.fields[name];
        const target = field ? steps.findIndex((candidate) => candidate.page === field.page) : -1;
        if (target < 0) return;
        setIndex(target);
        requestAnimationFrame(() => document.getElementById(inputIdOf(name))?.focus());
      }),
    [form, model, steps],
  );

  useDirtyReport(store, onDirtyChange);

  const go = (target: number) => {
    setError(null);
    setIndex(target);
  };
  const next = async () => {
    setChecking(true);
    const result = await store.checkFields(stepFields(step, model));
    setChecking(false);
    if (result.ok) go(current + 1);
    else if (result.firstInvalidField) form.focusField(result.firstInvalidField);
  };
  const finish = async () => {
    if (!run) return;
    setError(null);
    let answer: unknown;
    const result = await form.submit(async () => {
      answer = await run(wizard.Action.Service, wizard.Action.Method, wizardParams(wizard, store.currentValues(), context));
    });
    if (result.ok) onDone?.(answer);
    else if ('error' in result && result.error !== undefined) setError(errorText ? errorText(result.error) : String(result.error));
  };

  const page = step?.page === undefined ? undefined : model.pages[step.page];
  return (
    <LayoutFormContext.Provider value={formContext}>
      <div className="lf-wizard" data-testid="wizard-form" data-unsaved-changes-exclude>
        <ol className="lf-steps">
          {steps.map((candidate, position) => (
            <li key={candidate.name} aria-current={position === current ? 'step' : undefined} data-done={position < current || undefined}>
              <button type="button" className="lf-step" disabled={position >= current} onClick={() => go(position)} data-testid={`wizard-step-${candidate.name}`}>
                <span className="lf-step-number">{position + 1}</span>
                {candidate.title}
              </button>
            </li>
          ))}
        </ol>
        <div className="lf-page" data-testid={`wizard-panel-${step?.name ?? 'none'}`}>
          {step?.kind === 'review' && <Summary store={store} pages={summaryPages(steps, model)} />}
          {page?.containers.map((container, position) => (
            <Section key={`${page.name}-${container.name}`} store={store} container={container} index={position} limit={Infinity} />
          ))}
        </div>
        {error && (
          <p className="lf-wizard-error" role="alert" data-testid="wizard-error">
            {error}
          </p>
        )}
        <div className="lf-wizard-actions">
          {current > 0 && (
            <button type="button" className="lf-button" onClick={() => go(current - 1)} disabled={submitting} data-testid="wizard-back">
              {t('forms.wizard.back')}
            </button>
          )}
          {last ? (
            <button
              type="button"
              className="lf-button lf-button-primary"
              data-tone={danger ? 'danger' : undefined}
              disabled={!run || submitting}
              title={run ? undefined : t('forms.wizard.wouldCall', { method: `${wizard.Action.Service}.${wizard.Action.Method}` })}
              onClick={() => void finish()}
              data-testid="wizard-submit"
            >
              {label}
            </button>
          ) : (
            <button type="button" className="lf-button lf-button-primary" onClick={() => void next()} disabled={checking} data-testid="wizard-next">
              {t('forms.wizard.next')}
            </button>
          )}
          {!run && last && <span className="lf-wizard-note">{t('forms.wizard.wouldCall', { method: `${wizard.Action.Service}.${wizard.Action.Method}` })}</span>}
        </div>
      </div>
    </LayoutFormContext.Provider>
  );
}
