/**
 * A ChooseRow step (issue 22): the rows a service offers as a table with one
 * radio per row (the row's Value becomes the step's field), an intro sentence
 * from the source's answer, a note when nothing is offered. Without `load`
 * (the studio's preview) the table has its columns and says where rows come from.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callParams, columnText, lineText, offeredRows, type FormStore, type Row, type WizardScope } from '../../../engine/forms';
import type { WizardChooseRow } from '../../../contract/services/wizard-schemas';
import { pageFormatting } from '../../../contract/formatting';
import { messageText } from '../field-message';
import { useFieldState } from '../use-form-state';

export type WizardLoad = (service: string, method: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

interface Props {
  step: WizardChooseRow;
  store: FormStore;
  scope: WizardScope;
  load?: WizardLoad;
  /** The source's answer (kept under its Into, and its rows for the Row values). */
  onAnswer(answer: unknown): void;
  errorText?(error: unknown): string;
}

type Source = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rows: Row[] };

export function ChooseRowStep({ step, store, scope, load, onAnswer, errorText }: Props) {
  const { t, i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const field = useFieldState(store, step.Field);
  const [source, setSource] = useState<Source>(load ? { state: 'loading' } : { state: 'ready', rows: [] });
  const { Service, Method, Params, List } = step.Source;
  // The source is read once as the step opens (its parameters are the context and earlier answers).
  const paramsKey = JSON.stringify(callParams(Params, scope));
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(Service, Method, JSON.parse(paramsKey) as Record<string, unknown>, controller.signal).then(
      (answer) => {
        onAnswer(answer);
        setSource({ state: 'ready', rows: offeredRows(answer, List) });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSource({ state: 'failed', message: errorText ? errorText(error) : String(error) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onAnswer and errorText are the wizard's; a new answer must not reload
  }, [load, Service, Method, List, paramsKey]);

  if (source.state === 'loading') return <div className="lf-wizard-loading" role="progressbar" aria-label={t('common.loading')} />;
  if (source.state === 'failed')
    return (
      <p className="lf-wizard-error" role="alert" data-testid="wizard-rows-error">
        {source.message}
      </p>
    );
  // The intro reads the source's answer: none in the preview.
  const intro = step.Intro && load ? lineText(step.Intro, scope, formatting) : undefined;
  const chosen = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <div className="lf-section" data-testid={`wizard-rows-${step.Field}`}>
      {intro && (
        <p className="lf-wizard-line" data-testid="wizard-intro">
          {intro}
        </p>
      )}
      {load && source.rows.length === 0 ? (
        <p className="lf-wizard-note" data-testid="wizard-rows-empty">
          {step.Empty}
        </p>
      ) : (
        <div className="lf-rows-scroll">
          <table className="lf-rows" aria-label={t('forms.wizard.chooseRow')}>
            <thead>
              <tr>
                <th aria-hidden />
                {step.Columns.map((column) => (
                  <th key={column.Property} data-align={column.Format?.endsWith('Money') ? 'end' : undefined}>
                    {column.Label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {source.rows.map((row) => {
                const value = String(row[step.Value] ?? '');
                const id = `wizard-row-${step.Field}-${value}`;
                return (
                  <tr key={value} data-selected={value === chosen || undefined} data-testid="wizard-row" onClick={() => store.setValue(step.Field, value)}>
                    <td>
                      <input type="radio" id={id} name={`wizard-${step.Field}`} value={value} checked={value === chosen} onChange={() => store.setValue(step.Field, value)} aria-label={value} />
                    </td>
                    {step.Columns.map((column) => (
                      <td key={column.Property} data-align={column.Format?.endsWith('Money') ? 'end' : undefined} data-sign={column.Format === 'SignedMoney' ? Math.sign(Number(row[column.Property] ?? 0)) : undefined}>
                        {column.Property === step.Value ? <label htmlFor={id}>{columnText(column, row, formatting, scope)}</label> : columnText(column, row, formatting, scope)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {!load && <p className="lf-wizard-note">{t('forms.wizard.previewRows', { method: `${Service}.${Method}` })}</p>}
        </div>
      )}
      {field.error && (
        <p className="lf-wizard-error" role="alert">
          {messageText(t, field.error)}
        </p>
      )}
    </div>
  );
}
