import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  applyBindings,
  conflictConfirmation,
  confirmValues,
  fieldOptions,
  listCallBody,
  listRows,
  meetsAccess,
  resolveText,
  routeWithContext,
  type ListRow,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { useAsk } from './AskDialog';
import { ContextPicker } from './ContextPicker';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { ListFieldInput } from './ListFieldInput';
import { ListPreview } from './ListPreview';

export interface DefinedListEditorProps {
  /** A definition with listEditor. */
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  onError: (text: string) => void;
  onSuccess: (text: string) => void;
  /** The toolbar picker chose a value (kept in the route's query by the screen). */
  onContextChange?: (context: ScreenContext) => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Follows the run's answer (a job) to its end. */
  onRunResult?: (result: unknown) => Promise<void>;
  /** Opens a link's route. */
  navigate?: (to: string) => void;
}

let keys = 0;
const newKey = () => `r${++keys}`;

/**
 * A definition's list editor (rows edited as one list, e.g. a pricelist's
 * propagation filters): the rows of the data source, each field by its input;
 * the save sends them all (a refusal the definition names is asked about and
 * sent again confirmed); the preview shows what they give; run asks first with
 * the count the saved rows give and hands its answer to the screen.
 */
export function DefinedListEditor({ definition, context, capabilities, callService, onError, onSuccess, onContextChange, onDirtyChange, onRunResult, navigate }: DefinedListEditorProps) {
  const editor = definition.listEditor!;
  const rowId = definition.dataSource.rowId ?? 'Id';
  const id = definition.id;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = useCallback((ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, translate, locale, values), [translate, locale]);
  const canEdit = meetsAccess(capabilities, editor.requires);
  const picker = definition.contextPicker;
  const ready = Object.values(definition.dataSource.params ?? {}).every((binding) => !('context' in binding) || binding.optional || (context[binding.context] ?? '') !== '');

  const [answer, setAnswer] = useState<Record<string, unknown> | undefined>();
  const [rows, setRows] = useState<ListRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Record<string, unknown> | undefined>();
  const [reloads, setReloads] = useState(0);
  const { ask, dialog } = useAsk(`${id}-ask`);
  // Through a ref: a screen's inline onError must not reload the rows (the load effect depends on reportError).
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const reportError = useCallback((error: unknown) => !isCanceled(error) && onErrorRef.current(errorText(error, t('grids.loadFailed'))), [t]);
  // Reloaded when what the data source is sent changes (not on other context values, e.g. a name the confirmation uses).
  const sourceBody = ready ? JSON.stringify(applyBindings({}, definition.dataSource.params, context)) : undefined;

  useEffect(() => {
    if (sourceBody === undefined) return undefined;
    const controller = new AbortController();
    const { dataSource } = definition;
    callService(dataSource.service, dataSource.method, JSON.parse(sourceBody) as Record<string, unknown>, { signal: controller.signal })
      .then((result) => {
        setAnswer(result as Record<string, unknown>);
        setRows(listRows(definition, result, newKey));
        setDirty(false);
        setPreview(undefined);
      })
      .catch(reportError);
    return () => controller.abort();
  }, [definition, sourceBody, reloads, callService, reportError]);

  const dirtyRef = useRef(onDirtyChange);
  dirtyRef.current = onDirtyChange;
  useEffect(() => {
    dirtyRef.current?.(dirty);
  }, [dirty]);

  const change = (next: ListRow[]) => {
    setRows(next);
    setDirty(true);
    setPreview(undefined);
  };
  const options = useMemo(() => new Map(editor.fields.map((field) => [field.field, fieldOptions(field, answer)])), [editor.fields, answer]);
  const labelOf = (field: string) => {
    const column = definition.columns.find((entry) => entry.field === field);
    return column ? text(column.label) : field;
  };

  const busyWhile = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    busyWhile(async () => {
      const { save: call } = editor;
      const send = (extra?: Record<string, unknown>) => callService(call.service, call.method, listCallBody(call, editor, rowId, rows, context, extra));
      try {
        await send();
      } catch (error) {
        const confirmation = conflictConfirmation(call.conflict, error);
        if (!call.conflict || !confirmation) throw error;
        const confirmed = await ask({ title: text(call.conflict.title), text: errorText(error, ''), confirmLabel: text(call.conflict.confirmLabel, { count: confirmation.count ?? '' }), destructive: true });
        if (!confirmed) return;
        await send({ [call.conflict.confirmParam]: confirmation.value });
      }
      onSuccess(text(call.done));
      setReloads((count) => count + 1);
    });
  const previewOf = async () => {
    const { preview: call } = editor;
    return (await callService(call.service, call.method, listCallBody(call, editor, rowId, rows, context))) as Record<string, unknown>;
  };
  const showPreview = () => busyWhile(async () => setPreview(await previewOf()));
  const run = () =>
    busyWhile(async () => {
      // What will happen, counted on the saved rows (run is off while there are edits).
      const count = Number((await previewOf())[editor.preview.countField] ?? 0);
      const { run: call } = editor;
      if (!(await ask({ title: text(call.confirm.title), text: text(call.confirm.text, confirmValues(editor, context, count)), confirmLabel: text(call.label) }))) return;
      const result = await callService(call.service, call.method, applyBindings({}, call.params, context));
      setPreview(undefined);
      await onRunResult?.(result);
    });

  return (
    <Box data-testid={`defined-list-${id}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {text(definition.title)}
        </Typography>
        {picker && (
          <ContextPicker
            picker={picker}
            label={text(picker.label)}
            context={context}
            value={context[picker.context]}
            onPick={(value) => onContextChange?.({ ...context, [picker.context]: value })}
            callService={callService}
            onError={reportError}
          />
        )}
      </Stack>
      {editor.help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {text(editor.help)}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mb: 1 }}>
        {rows.map((row, index) => (
          <Paper key={row.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`${id}-row-${index}`}>
            <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: { lg: 'center' } }}>
              {editor.fields.map((field) => (
                <ListFieldInput
                  key={field.field}
                  field={field}
                  label={labelOf(field.field)}
                  placeholder={field.placeholder && text(field.placeholder)}
                  value={row[field.field]}
                  options={options.get(field.field) ?? []}
                  optionText={(value) => text(field.options?.find((option) => option.value === value)?.label ?? { en: value })}
                  disabled={!canEdit}
                  testId={`${id}-${field.field}-${index}`}
                  onChange={(value) => change(rows.map((candidate) => (candidate.key === row.key ? { ...candidate, [field.field]: value } : candidate)))}
                />
              ))}
              {canEdit && (
                <IconButton aria-label={text(editor.removeLabel)} onClick={() => change(rows.filter((candidate) => candidate.key !== row.key))} data-testid={`${id}-remove-${index}`}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
          </Paper>
        ))}
        {answer && rows.length === 0 && editor.empty && <Alert severity="info">{text(editor.empty)}</Alert>}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        {canEdit && (
          // Until the stored rows are loaded a new one would be replaced by them.
          <Button startIcon={<AddIcon />} disabled={!answer} onClick={() => change([...rows, { ...structuredClone(editor.newRow), key: newKey() }])} data-testid={`${id}-add`}>
            {text(editor.addLabel)}
          </Button>
        )}
        {canEdit && (
          <Button variant="contained" disabled={!dirty || busy || !ready} onClick={() => void save()} data-testid={`${id}-save`}>
            {text(editor.save.label)}
          </Button>
        )}
        <Button variant="outlined" disabled={busy || !ready} onClick={() => void showPreview()} data-testid={`${id}-preview`}>
          {text(editor.preview.label)}
        </Button>
        {canEdit && (
          <Button variant="contained" color="secondary" disabled={dirty || busy || !ready || rows.length === 0} onClick={() => void run()} data-testid={`${id}-run`}>
            {text(editor.run.label)}
          </Button>
        )}
        {(editor.links ?? []).map((link) => {
          const to = routeWithContext(link.to, context);
          return (
            to && (
              <Button key={link.id} onClick={() => navigate?.(to)} data-testid={`${id}-${link.id}`}>
                {text(link.label)}
              </Button>
            )
          );
        })}
      </Stack>
      {dirty && canEdit && editor.unsaved && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {text(editor.unsaved)}
        </Alert>
      )}
      {preview && <ListPreview preview={editor.preview} answer={preview} text={text} locale={locale} testId={`${id}-preview-result`} />}
      {dialog}
    </Box>
  );
}
