/**
 * A definition's rowForm in a dialog: one row of a list the method stores whole (a pricelist's rules), new or
 * opened from the grid. The whole list is loaded first (the grid may show a searched part of it); the save sends
 * it with the row in its place, the remove without it; the preview shows what the list would give as the row is
 * typed. Closing with unsaved edits asks first; the screen's leave guard hears of them too.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyBindings,
  listRowsOf,
  listWithRow,
  previewModel,
  recordConditionHolds,
  rowFieldHelp,
  rowFieldLocked,
  rowFieldOptions,
  rowFieldShown,
  rowFieldSuffix,
  rowFormProblems,
  rowFormRow,
  rowFormValues,
  rowListBody,
  type RowFormDefinition,
  type RowFormValues,
  type ScreenContext,
  type TextRef,
} from '../../engine/grids';
import { useAsk } from './AskDialog';
import { errorText, type GridServiceCaller } from './grid-service';
import { RowFormField } from './RowFormField';
import { RowFormPreview } from './RowFormPreview';

type Row = Record<string, unknown>;

export interface RowFormDialogProps {
  form: RowFormDefinition;
  /** Test ids: {idPrefix} (the dialog), -{field}, -save, -remove, -error, and the preview's. */
  idPrefix: string;
  rowId: string;
  /** The row opened; undefined adds one. */
  row: Row | undefined;
  /** May add, change and remove (the form's requires); else the row is shown read-only. */
  canEdit: boolean;
  context: ScreenContext;
  callService: GridServiceCaller;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  locale: string;
  onClose: () => void;
  /** After a save or a remove: says its done text and reloads the rows. */
  onSaved: (message: string) => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** Spec §9: the preview waits 300 ms after the last change. */
const PREVIEW_DELAY_MS = 300;

export function RowFormDialog(props: RowFormDialogProps) {
  const { form, idPrefix, row, context, callService, text, onClose } = props;
  const { t } = useTranslation();
  const listBody = useMemo(() => applyBindings({}, form.list.params, context), [form.list.params, context]);
  const list = useQuery({
    queryKey: ['row-form-list', form.list.service, form.list.method, listBody],
    queryFn: ({ signal }) => callService(form.list.service, form.list.method, listBody, { signal }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  // Escape and the backdrop close as Cancel does: the form asks first when it holds edits.
  const closeRef = useRef(onClose);
  const title = row ? text(form.editTitle, { name: String(row[form.titleField] ?? '') }) : text(form.addTitle);
  return (
    <Dialog open onClose={() => closeRef.current()} maxWidth={form.preview ? 'lg' : 'sm'} fullWidth aria-labelledby={`${idPrefix}-title`} data-testid={idPrefix}>
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      {list.data !== undefined ? (
        <RowFormContent {...props} answer={list.data} closeRef={closeRef} />
      ) : (
        <>
          <DialogContent>
            {list.isError ? <Alert severity="error" data-testid={`${idPrefix}-error`}>{errorText(list.error, t('grids.loadFailed'))}</Alert> : <CircularProgress size={28} aria-label={t('common.loading')} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function RowFormContent({ form, idPrefix, rowId, row, canEdit, context, callService, text, locale, onClose, onSaved, onDirtyChange, answer, closeRef }: RowFormDialogProps & { answer: unknown; closeRef: MutableRefObject<() => void> }) {
  const { t } = useTranslation();
  const rows = useMemo(() => listRowsOf(form, answer), [form, answer]);
  // The stored row as the whole list has it (the grid's may be older).
  const stored = useMemo(() => (row ? (rows.find((entry) => entry[rowId] === row[rowId]) ?? row) : undefined), [row, rows, rowId]);
  const [initial] = useState<RowFormValues>(() => rowFormValues(form, stored, rows));
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { ask, dialog: question } = useAsk(`${idPrefix}-discard`);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const edited = useMemo(() => rowFormRow(form, values, stored), [form, values, stored]);
  const candidate = useMemo(() => listWithRow(rows, rowId, stored, edited), [rows, rowId, stored, edited]);
  const preview = usePreview(form, candidate, rowId, context, callService);
  const problems = rowFormProblems(form, values);

  const close = () => {
    if (busy) return;
    if (!dirty) return onClose();
    void ask({ title: t('shell.unsaved.title'), text: t('shell.unsaved.text'), confirmLabel: t('shell.unsaved.discard') }).then((discard) => discard && onClose());
  };
  closeRef.current = close;
  const save = async (list: Row[]) => {
    setBusy(true);
    setError(undefined);
    try {
      await callService(form.save.service, form.save.method, rowListBody(form.save, form, rowId, list, context));
      onSaved(text(form.save.done));
    } catch (failure) {
      setError(errorText(failure, t('grids.actionFailedGeneric')));
      setBusy(false);
    }
  };
  const removable = canEdit && stored !== undefined && form.remove !== undefined && recordConditionHolds(form.remove.when, stored);

  const fields = (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {form.fields
        .filter((field) => rowFieldShown(field, edited))
        .map((field, index) => {
          const help = rowFieldHelp(field, stored, values);
          const suffix = rowFieldSuffix(field, edited, answer);
          return (
            <RowFormField
              key={field.field}
              field={field}
              idPrefix={idPrefix}
              value={values[field.field]}
              onChange={(value) => setValues((current) => ({ ...current, [field.field]: value }))}
              options={rowFieldOptions(field, preview.answer, stored)}
              help={help ? text(help) : undefined}
              suffix={suffix ? ('text' in suffix ? text(suffix.text) : suffix.value) : undefined}
              problem={values[field.field] !== initial[field.field] || problems[field.field]?.key !== 'grids.edit.required' ? problems[field.field] : undefined}
              disabled={!canEdit || busy || rowFieldLocked(field, stored)}
              text={text}
              autoFocus={index === 0 && canEdit}
            />
          );
        })}
      {error && (
        <Alert severity="error" data-testid={`${idPrefix}-error`}>
          {error}
        </Alert>
      )}
      {preview.error && <Alert severity="warning">{preview.error}</Alert>}
    </Stack>
  );

  return (
    <>
      <DialogContent>
        {form.preview ? (
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4 }}>{fields}</Grid>
            <Grid size={{ xs: 12, md: 8 }} sx={{ pt: { md: 1 } }}>
              <RowFormPreview preview={form.preview} model={preview.answer === undefined ? undefined : previewModel(form.preview, preview.answer, edited)} text={text} locale={locale} idPrefix={idPrefix} />
            </Grid>
          </Grid>
        ) : (
          fields
        )}
      </DialogContent>
      <DialogActions>
        {removable && form.remove && (
          <Button color="error" disabled={busy} onClick={() => void save(listWithRow(rows, rowId, stored, undefined))} sx={{ mr: 'auto' }} data-testid={`${idPrefix}-remove`}>
            {text(form.remove.label)}
          </Button>
        )}
        <Button onClick={close} disabled={busy}>
          {t(canEdit ? 'common.cancel' : 'common.close')}
        </Button>
        {canEdit && (
          <Button variant="contained" disabled={busy || Object.keys(problems).length > 0} onClick={() => void save(candidate)} data-testid={`${idPrefix}-save`}>
            {text(form.save.label)}
          </Button>
        )}
      </DialogActions>
      {question}
    </>
  );
}

/** The preview of the list as it would be saved, asked 300 ms after the last change; the last answer stays shown meanwhile. */
function usePreview(form: RowFormDefinition, candidate: Row[], rowId: string, context: ScreenContext, callService: GridServiceCaller) {
  const { t } = useTranslation();
  const call = form.preview;
  const body = useMemo(() => (call ? rowListBody(call, form, rowId, candidate, context) : undefined), [call, form, rowId, candidate, context]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(body), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [body]);
  const query = useQuery({
    queryKey: ['row-form-preview', call?.service, call?.method, debounced],
    queryFn: ({ signal }) => callService(call!.service, call!.method, debounced!, { signal }),
    enabled: call !== undefined && debounced !== undefined,
    placeholderData: (previous) => previous,
    retry: false,
  });
  return { answer: query.data, error: query.isError ? errorText(query.error, t('grids.loadFailed')) : undefined };
}
