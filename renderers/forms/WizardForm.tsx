/**
 * A wizard drawn from its layout (issue 22): the steps as a numbered list, the
 * current step's sections (the same sections and field renderers as
 * <LayoutForm>) or its kind (a table of rows to choose from, an account type's
 * form), a review step listing the values or the review's sentences, Back/Next
 * keeping the values in one store, the calls between steps whose answers later
 * steps read, and the final call. Next checks the step's fields first; the
 * final button checks all of them and moves to the step of the first problem.
 * Without `run` (the studio's preview) calls are skipped and the final button is
 * off and says what it would call.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  callAfter,
  callParams,
  chosenRow,
  formatDisplayValue,
  lineText,
  offeredRows,
  stepFields,
  submitLabel,
  submitLabelFields,
  summaryPages,
  wizardParams,
  wizardSteps,
  type ChangedValues,
  type FormStore,
  type Row,
  type WizardDefinition,
  type WizardScope,
} from '../../engine/forms';
import type { WizardStepKind } from '../../contract/services/wizard-schemas';
import { AccountFormStep, type AccountFormSupport } from './wizard/AccountFormStep';
import { ChooseRowStep, type WizardLoad } from './wizard/ChooseRowStep';
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
import { usePatternEngine } from './use-pattern-engine';
import { pageFormatting } from '../../contract/formatting';

export interface WizardFormProps {
  wizard: WizardDefinition;
  form: LayoutFormHandle;
  /** Values the final call may take (Params with Context), e.g. the account the screen is about. */
  context?: Readonly<Record<string, unknown>>;
  /** Makes the final call and the calls between steps; absent in a preview. */
  run?(service: string, method: string, params: Record<string, unknown>): Promise<unknown>;
  /** Loads a ChooseRow step's rows; absent in a preview. */
  load?: WizardLoad;
  /** Loads the layout of an AccountForm step; absent in a preview. */
  accountForm?: AccountFormSupport;
  /** Answers known before any step (a screen's subject, by its Into): lines, conditions and calls read them. */
  given?: Readonly<Record<string, unknown>>;
  /** After the final call: its answer, and what the wizard knew then (for the screen's success line). */
  onDone?(result: unknown, scope: WizardScope): void;
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

/** The review's sentences, each shown while its When holds. */
function Lines({ lines, scope }: { lines: NonNullable<NonNullable<WizardDefinition['Review']>['Lines']>; scope: WizardScope }) {
  const { i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className="lf-section" data-testid="wizard-summary">
      {lines.map((line, index) => {
        const text = lineText(line, scope, formatting);
        return text === undefined ? null : (
          <p key={index} className="lf-wizard-line" data-testid="wizard-line">
            {text}
          </p>
        );
      })}
    </div>
  );
}

/** The field a ChooseRow step fills: Next waits for a row (there is nothing else to check). */
function useChosen(store: FormStore, name: string | undefined): boolean {
  const subscribe = useCallback((listener: () => void) => (name ? store.subscribeField(name, listener) : () => {}), [store, name]);
  const snapshot = useCallback(() => {
    const value = name ? store.getField(name).value : 'none';
    return value !== null && value !== undefined && value !== '';
  }, [store, name]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function WizardForm({ wizard, form, context = {}, run, load, accountForm, given, onDone, errorText, danger, onDirtyChange, registry = defaultRendererRegistry, mfa }: WizardFormProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const formContext = useMemo(() => ({ registry, mfa, t, locale }), [registry, mfa, t, locale]);
  const { store } = form;
  const model = useFormModel(store);
  usePatternEngine(model);
  const { submitting } = useFormStatus(store);
  const steps = useMemo(() => wizardSteps(wizard, model), [wizard, model]);
  const [index, setIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const current = Math.min(index, Math.max(0, steps.length - 1));
  const step = steps[current];
  const last = current === steps.length - 1;
  const label = useSubmitLabel(store, wizard);
  const kind: WizardStepKind | undefined = step?.kind === 'page' ? step.stepKind : undefined;
  // What later steps read: the answers of calls and sources, the rows sources offered, the values of AccountForm steps.
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [offered, setOffered] = useState<Record<string, unknown>>({});
  const [forms, setForms] = useState<Record<string, ChangedValues>>({});
  const innerForm = useRef<LayoutFormHandle | undefined>(undefined);
  const onInnerForm = useCallback((handle: LayoutFormHandle | undefined) => {
    innerForm.current = handle;
  }, []);
  const scopeNow = (extra: Partial<WizardScope> = {}): WizardScope => {
    const values = store.currentValues();
    const rows: Record<string, Row | undefined> = {};
    for (const entry of wizard.Steps ?? []) if (entry.Kind === 'ChooseRow') rows[entry.Field] = chosenRow(offeredRows(offered[entry.Field], entry.Source.List), entry.Value, values[entry.Field]);
    const fieldText = (name: string, value: unknown) => {
      const field = store.model.fields[name];
      return field ? formatDisplayValue(field, value as never, locale, { yes: t('forms.yes'), no: t('forms.no'), empty: t('forms.empty') }, store.getField(name).options) : String(value ?? '');
    };
    return { values, context, answers: { ...given, ...answers }, rows, forms, fieldText, ...extra };
  };
  const scope = scopeNow();
  const chooseField = kind?.Kind === 'ChooseRow' && load ? kind.Field : undefined;
  const chosen = useChosen(store, chooseField);

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
  const fail = (reason: unknown) => setError(errorText ? errorText(reason) : String(reason));
  /** Makes a call between steps and keeps its answer; false when it was refused. */
  const makeCall = async (call: NonNullable<ReturnType<typeof callAfter>>, send: NonNullable<typeof run>): Promise<boolean> => {
    try {
      const answer = await send(call.Service, call.Method, callParams(call.Params, scopeNow()));
      setAnswers((known) => ({ ...known, [call.Into]: answer }));
      return true;
    } catch (reason) {
      fail(reason);
      return false;
    }
  };
  /** An AccountForm step: its form's checks, then its values (and the page's call) as one submit. */
  const nextFromForm = async (page: string) => {
    const inner = innerForm.current;
    if (!inner) {
      if (!accountForm) go(current + 1); // the preview: no form to check
      return;
    }
    let entered: ChangedValues = {};
    const result = await inner.submit(async (changes) => {
      entered = changes;
      const call = callAfter(wizard, page);
      if (!call || !run) return;
      const answer = await run(call.Service, call.Method, callParams(call.Params, scopeNow({ forms: { ...forms, [page]: changes } })));
      setAnswers((known) => ({ ...known, [call.Into]: answer }));
    });
    if (!result.ok) {
      if ('error' in result && result.error !== undefined) fail(result.error);
      return;
    }
    setForms((known) => ({ ...known, [page]: entered }));
    go(current + 1);
  };
  const next = async () => {
    setError(null);
    setChecking(true);
    try {
      if (kind?.Kind === 'AccountForm') return await nextFromForm(kind.Page);
      // The preview offers no rows: its ChooseRow field is not asked for.
      const names = stepFields(step, model).filter((name) => load || !(kind?.Kind === 'ChooseRow' && kind.Field === name));
      const result = await store.checkFields(names);
      if (!result.ok) {
        if (result.firstInvalidField) form.focusField(result.firstInvalidField);
        return;
      }
      const call = callAfter(wizard, step?.name);
      if (call && run && !(await makeCall(call, run))) return;
      go(current + 1);
    } finally {
      setChecking(false);
    }
  };
  const finish = async () => {
    if (!run) return;
    setError(null);
    let answer: unknown;
    const result = await form.submit(async () => {
      answer = await run(wizard.Action.Service, wizard.Action.Method, wizardParams(wizard, store.currentValues(), context, scopeNow()));
    });
    if (result.ok) onDone?.(answer, scopeNow());
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
          {step?.kind === 'review' &&
            (wizard.Review?.Lines ? <Lines lines={wizard.Review.Lines} scope={scope} /> : <Summary store={store} pages={summaryPages(steps, model)} />)}
          {kind?.Kind === 'ChooseRow' && (
            <ChooseRowStep
              step={kind}
              store={store}
              scope={scope}
              load={load}
              errorText={errorText}
              onAnswer={(answer) => {
                setOffered((known) => ({ ...known, [kind.Field]: answer }));
                if (kind.Source.Into) setAnswers((known) => ({ ...known, [kind.Source.Into as string]: answer }));
              }}
            />
          )}
          {kind?.Kind === 'AccountForm' && (
            <AccountFormStep step={kind} scope={scope} support={accountForm} onForm={onInnerForm} registry={registry} mfa={mfa} errorText={errorText} />
          )}
          {page?.containers.map((container, position) => {
            // A ChooseRow step's field is its table above, not an input.
            const shown = kind?.Kind === 'ChooseRow' ? { ...container, fields: container.fields.filter((name) => name !== kind.Field) } : container;
            return shown.fields.length === 0 ? null : <Section key={`${page.name}-${container.name}`} store={store} container={shown} index={position} limit={Infinity} />;
          })}
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
            <button type="button" className="lf-button lf-button-primary" onClick={() => void next()} disabled={checking || submitting || (chooseField !== undefined && !chosen)} data-testid="wizard-next">
              {t('forms.wizard.next')}
            </button>
          )}
          {!run && last && <span className="lf-wizard-note">{t('forms.wizard.wouldCall', { method: `${wizard.Action.Service}.${wizard.Action.Method}` })}</span>}
        </div>
      </div>
    </LayoutFormContext.Provider>
  );
}
