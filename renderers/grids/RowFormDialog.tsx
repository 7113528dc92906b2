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
import type { Capability } from '../../contract/capabilities';
import {
  applyBindings,
  conflictConfirmation,
  setPath,
  kindLabel,
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
  rowFormReadOnly,
  rowFormRow,
  rowFormValues,
  rowListBody,
  rowRecordCall,
  rowRemoveBody,
  type ConflictDefinition,
  type RowFormDefinition,
  type RowFormValues,
  type ScreenContext,
  type TextRef,
  type Translate,
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
  /** May remove a stored row (the remove's requires); default canEdit. */
  canRemove?: boolean;
  /** The signed-in user's capabilities: the flags a capabilities field may give. */
  held?: readonly Capability[];
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
  const listCall = form.list;
  const listBody = useMemo(() => applyBindings({}, listCall?.params, context), [listCall?.params, context]);
  const list = useQuery({
    queryKey: ['row-form-list', listCall?.service, listCall?.method, listBody],
    queryFn: ({ signal }) => callService(listCall!.service, listCall!.method, listBody, { signal }),
    enabled: listCall !== undefined,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  // Escape and the backdrop close as Cancel does: the form asks first when it holds edits.
  const closeRef = useRef(onClose);
  const translate: Translate = (key, values) => String(t(key, values));
  const nameField = form.fields.find((field) => field.field === form.titleField);
  const stored = row?.[form.titleField];
  const name = nameField?.valueKind && typeof stored === 'string' ? kindLabel(nameField.valueKind, stored, translate) : String(stored ?? '');
  const readOnly = !props.canEdit || rowFormReadOnly(form, row);
  const title = row ? text(readOnly && form.viewTitle ? form.viewTitle : form.editTitle, { name }) : text(form.addTitle);
  return (
    <Dialog open onClose={() => closeRef.current()} maxWidth={form.width ?? (form.preview ? 'lg' : 'sm')} fullWidth scroll="paper" aria-labelledby={`${idPrefix}-title`} data-testid={idPrefix}>
      <DialogTitle id={`${idPrefix}-title`}>{title}</DialogTitle>
      {!listCall || list.data !== undefined ? (
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

function RowFormContent(props: RowFormDialogProps & { answer: unknown; closeRef: MutableRefObject<() => void> }) {
  const { form, idPrefix, rowId, row, context, callService, text, locale, onClose, onSaved, onDirtyChange, answer, closeRef, held = [] } = props;
  const { t } = useTranslation();
  const rows = useMemo(() => listRowsOf(form, answer), [form, answer]);
  // The stored row as the whole list has it (the grid's may be older).
  const stored = useMemo(() => (row ? (rows.find((entry) => entry[rowId] === row[rowId]) ?? row) : undefined), [row, rows, rowId]);
  const canEdit = props.canEdit && !rowFormReadOnly(form, stored);
  const [initial] = useState<RowFormValues>(() => rowFormValues(form, stored, rows, (key, values) => String(t(key, values))));
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { ask, dialog: question } = useAsk(`${idPrefix}-discard`);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const edited = useMemo(() => rowFormRow(form, values, stored, initial), [form, values, stored, initial]);
  const candidate = useMemo(() => listWithRow(rows, rowId, stored, edited), [rows, rowId, stored, edited]);
  const preview = usePreview(form, candidate, rowId, context, callService);
  const problems = rowFormProblems(form, values);

  const close = () => {
    if (busy) return;
    if (!dirty) return onClose();
    void ask({ title: t('shell.unsaved.title'), text: t('shell.unsaved.text'), confirmLabel: t('shell.unsaved.discard') }).then((discard) => discard && onClose());
  };
  closeRef.current = close;
  /** Sends a call; a refusal the definition names as a conflict is asked about and sent again confirmed (false: not confirmed). */
  const sendConfirming = async (conflict: (ConflictDefinition & { title: TextRef; confirmLabel: TextRef }) | undefined, send: (extra: Row) => Promise<unknown>) => {
    try {
      await send({});
      return true;
    } catch (failure) {
      const confirmation = conflictConfirmation(conflict, failure);
      if (!conflict || !confirmation) throw failure;
      const yes = await ask({ title: text(conflict.title), text: errorText(failure, ''), confirmLabel: text(conflict.confirmLabel, { count: confirmation.count ?? '' }), destructive: true });
      if (!yes) return false;
      await send({ [conflict.confirmParam]: confirmation.value });
      return true;
    }
  };
  const busyWhile = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    try {
      const done = await work();
      if (done === undefined) setBusy(false);
      else onSaved(done);
    } catch (failure) {
      setError(errorText(failure, t('grids.actionFailedGeneric')));
      setBusy(false);
    }
  };
  const save = (list: Row[]) =>
    busyWhile(async () => {
      if (form.save.rowParam) {
        const call = rowRecordCall(form, rowId, edited, stored === undefined, context);
        const sent = await sendConfirming(stored ? form.save.conflict : undefined, (extra) => callService(call.service, call.method, withExtra(call.body, extra)));
        return sent ? text(form.save.done) : undefined;
      }
      await callService(form.save.service, form.save.method, rowListBody(form.save, form, rowId, list, context));
      return text(form.save.done);
    });
  const remove = () =>
    busyWhile(async () => {
      const { remove: removal } = form;
      if (!removal || !stored) return undefined;
      const name = String(stored[form.titleField] ?? '');
      if (removal.call) {
        const call = removal.call;
        const confirmation = removal.confirmation;
        if (confirmation && !(await ask({ title: text(confirmation.title), text: text(confirmation.text, { name }), confirmLabel: text(confirmation.confirmLabel), destructive: true }))) return undefined;
        const sent = await sendConfirming(removal.conflict, (extra) => callService(call.service, call.method, withExtra(rowRemoveBody(call, rowId, stored, context), extra)));
        return sent ? text(removal.done ?? form.save.done, { name }) : undefined;
      }
      await callService(form.save.service, form.save.method, rowListBody(form.save, form, rowId, listWithRow(rows, rowId, stored, undefined), context));
      return text(removal.done ?? form.save.done, { name });
    });
  const removable = canEdit && (props.canRemove ?? true) && stored !== undefined && form.remove !== undefined && recordConditionHolds(form.remove.when, stored);

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
              stored={stored}
              context={context}
              callService={callService}
              held={held}
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
          <Button color="error" disabled={busy} onClick={() => void remove()} sx={{ mr: 'auto' }} data-testid={`${idPrefix}-remove`}>
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

/** A body with the confirmation's parameters set (dotted paths). */
function withExtra(body: Row, extra: Row): Row {
  const next = { ...body };
  for (const [path, value] of Object.entries(extra)) setPath(next, path, value);
  return next;
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
