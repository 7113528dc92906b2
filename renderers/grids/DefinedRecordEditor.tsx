/**
 * <DefinedRecordEditor>: a screen definition's `recordEditor` (a quote): the record loaded by its call
 * with the context's id (none: a new one), a heading with its status, notices of its state, the header
 * form bound to its properties, the definition's lines (<DefinedLines>), the stored totals, and the
 * actions its state and the user's capabilities allow — saving it, or calling a method on it after a
 * confirmation or a dialog form — each answer becoming the record shown.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  editorActionBody,
  editorConditionsHold,
  editorEntries,
  editorFieldProblem,
  editorFieldsBody,
  editorFormValues,
  editorTextValues,
  editorValueAt,
  fillPath,
  lineChosen,
  lineEditorModel,
  lineEntries,
  lineProblems,
  linesFromRows,
  recordCallBody,
  resolveText,
  sentValue,
  setAt,
  type EditorActionDefinition,
  type EditorLine,
  type RecordEditorDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { useAsk, type Question } from './AskDialog';
import { DefinedLines } from './DefinedLines';
import { downloadFileResult, readFileAsBase64 } from './download';
import type { GridServiceCaller } from './grid-service';
import { EditorFieldInput, EditorFieldRows, EditorFormDialog, EditorNotice, EditorTotals, fieldHidden, type EditorTexts } from './RecordEditorParts';

type Values = Record<string, unknown>;

/** A question before an act; the app's dialog words an absent confirmLabel itself. */
export type EditorQuestion = Omit<Question, 'confirmLabel'> & { confirmLabel?: string; width?: number };

export interface DefinedRecordEditorProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  onSuccess?: (message: string) => void;
  /** Whether unsaved edits exist (the app asks before leaving). */
  onDirtyChange?: (dirty: boolean) => void;
  /** The app's question before an act: true when confirmed (a dialog of its own when absent). */
  confirm?: (question: EditorQuestion) => Promise<boolean>;
}

let lineKeys = 0;
const nextKey = () => ++lineKeys;

/** The body of a save: the form's fields and the lines; undefined while something is missing or malformed. */
function recordBody(editor: RecordEditorDefinition, values: Values, lines: readonly EditorLine[], definition: ScreenDefinition, capabilities: readonly Capability[], linesContext: ScreenContext) {
  const body = editorFieldsBody(editor.fields, values);
  if (!body || !editor.lines) return body;
  const model = lineEditorModel(definition, capabilities);
  const entries = model ? lineEntries(model, lines, linesContext) : undefined;
  return entries ? { ...body, [editor.lines.field]: entries } : undefined;
}

/** A form's values as the call sends them: texts trimmed, files read. */
async function formBody(fields: NonNullable<EditorActionDefinition['form']>['fields'], values: Values): Promise<Values> {
  const body: Values = {};
  for (const field of fields) {
    const value = editorValueAt(values, field.field);
    setAt(body, field.field, value instanceof File ? { FileName: value.name, Content: await readFileAsBase64(value) } : sentValue(field, value));
  }
  return body;
}

export function DefinedRecordEditor({ definition, context, capabilities, callService, onSuccess, onDirtyChange, confirm }: DefinedRecordEditorProps) {
  const editor = definition.recordEditor!;
  const { t, i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const locale = formatting.locale;
  const translate = useCallback((key: string, values?: Record<string, string | number>) => String(t(key, values)), [t]);
  const resolve = useCallback((ref: unknown, values?: Record<string, string | number>) => resolveText(ref as TextRef, translate, locale, values), [translate, locale]);
  const texts: EditorTexts = {
    formatting,
    translate,
    text: (ref, parts, values) => resolve(ref, parts && values ? editorTextValues(parts, values, formatting, translate, (text) => resolve(text)) : undefined),
  };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ask, dialog } = useAsk('confirm');
  const question = confirm ?? ((asked: EditorQuestion) => ask({ ...asked, confirmLabel: asked.confirmLabel ?? t('common.ok') }));
  const idText = context[editor.idContext];
  const idGiven = idText !== undefined && idText !== '';
  const stored = idGiven && /^\d+$/.test(String(idText));
  const loadBody = stored ? recordCallBody(editor.load, context) : undefined;
  const keyFor = (body: Values | undefined) => ['recordEditor', definition.id, body];
  const record = useQuery({
    queryKey: keyFor(loadBody),
    queryFn: async ({ signal }) => (await callService(editor.load.service, editor.load.method, loadBody!, { signal })) as Values,
    enabled: loadBody !== undefined,
  });
  // The stored record as drawn: its answer comes as an urgent update (TanStack Query's store), which React draws in
  // one task; deferred, the editor's form is drawn as a transition, in slices between frames (a quote's form and
  // twenty lines were one task of ~200 ms on a slow phone, issue 37).
  const loaded = useDeferredValue(record.data);
  const [values, setValues] = useState<Values>(() => editorFormValues(editor.fields, undefined));
  const [lines, setLines] = useState<EditorLine[]>([]);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [formAction, setFormAction] = useState<EditorActionDefinition>();
  const reported = useRef(onDirtyChange);
  reported.current = onDirtyChange;
  const markDirty = useCallback((next: boolean) => {
    setDirty(next);
    reported.current?.(next);
  }, []);
  useEffect(() => () => reported.current?.(false), []);

  // (Re)load the form from the stored record in the same (deferred) render that first draws it, not in an effect
  // one render later: one transition, drawn in slices between frames (issue 37).
  const [formRecord, setFormRecord] = useState<Values | undefined>();
  if (loaded && loaded !== formRecord) {
    setFormRecord(loaded);
    setValues(editorFormValues(editor.fields, loaded));
    setLines(editor.lines ? linesFromRows((editorValueAt(loaded, editor.lines.field) ?? []) as Values[], nextKey) : []);
  }
  useEffect(() => {
    if (loaded) markDirty(false);
  }, [loaded, markDirty]);

  const current = stored ? loaded : undefined;
  const editable = !stored || (current !== undefined && editorConditionsHold(editor.editableWhen, current));
  const linesContext = useMemo(() => {
    const given: Record<string, string | number | undefined> = {};
    for (const [name, path] of Object.entries(editor.lines?.context ?? {})) {
      const field = editor.fields.find((entry) => entry.field === path);
      const value = editorValueAt(values, path);
      if (value !== null && value !== undefined && value !== '' && (!field || !editorFieldProblem(field, value))) given[name] = value as string | number;
    }
    return given;
  }, [editor, values]);
  const body = useMemo(() => (editable ? recordBody(editor, values, lines, definition, capabilities, linesContext) : undefined), [editable, editor, values, lines, definition, capabilities, linesContext]);
  const model = useMemo(() => (definition.lineEditor ? lineEditorModel(definition, capabilities) : undefined), [definition, capabilities]);
  const invalidLines = editable && !!model && lines.some((line) => lineChosen(model, line) && Object.keys(lineProblems(model, line)).length > 0);

  if (idGiven && !stored) return <Alert severity="error">{resolve(editor.notFound)}</Alert>;
  if (stored && record.isError) return <Alert severity="error" data-testid={`${editor.testId}-error`}>{record.error instanceof Error ? record.error.message : resolve(editor.notFound)}</Alert>;
  // Still asking: a moving bar. Answered, while the deferred render draws the editor: a still one, so the bar's
  // animation does not take a slow phone's frames from that drawing. Meanwhile the editor's frame (its fields, totals
  // and actions, without values) is drawn hidden while the main thread waits for the record (`Activity`), so that
  // once the record has come only its values and lines are drawn (issue 37).
  const waiting = stored && !current;

  const testId = editor.testId;
  const idOf = (saved: Values) => editorValueAt(saved, editor.update.idField);
  const routeOf = (saved: Values) => fillPath(editor.route, saved) ?? editor.route;
  const keep = (saved: Values) => queryClient.setQueryData(keyFor(recordCallBody(editor.load, { ...context, [editor.idContext]: String(idOf(saved)) })), saved);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      for (const key of editor.refresh ?? []) void queryClient.invalidateQueries({ queryKey: [key] });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unableToSave'));
    } finally {
      setBusy(false);
    }
  };

  /** Saves (or creates) the record; answers the stored one. */
  const save = async (): Promise<Values> => {
    if (!body) throw new Error(resolve(editor.incomplete));
    const saved = (
      current
        ? await callService(editor.update.service, editor.update.method, setAt({}, editor.update.param, { [editor.update.idField]: idOf(current), ...body }))
        : await callService(editor.create.service, editor.create.method, setAt({}, editor.create.param, body))
    ) as Values;
    // Clean before leaving a new record's route, so the unsaved-changes guard lets the editor move to the stored one.
    flushSync(() => markDirty(false));
    keep(saved);
    if (!current) navigate(routeOf(saved), { replace: true });
    return saved;
  };

  const act = async (action: EditorActionDefinition, sent?: Values) => {
    if (action.kind === 'save') {
      await save();
      onSuccess?.(resolve(editor.saved));
      return;
    }
    if (action.confirmation) {
      const confirmation = action.confirmation;
      const named = { ...editorTextValues(confirmation, values, formatting, translate, (text) => resolve(text)), ...(confirmation.count ? { count: confirmation.count } : {}) };
      const yes = await question({
        title: resolve(confirmation.title, named),
        text: resolve(confirmation.text, named),
        confirmLabel: confirmation.confirmLabel ? resolve(confirmation.confirmLabel) : undefined,
        destructive: confirmation.destructive,
        width: confirmation.width,
      });
      if (!yes) return;
    }
    const target = action.saveFirst && (dirty || !current) ? await save() : current!;
    const answer = await callService(action.service!, action.method!, editorActionBody(action, target, sent));
    switch (action.result ?? 'record') {
      case 'record': {
        const next = answer as Values;
        keep(next);
        if (!current) navigate(routeOf(next), { replace: true });
        else if (idOf(next) !== idOf(current)) navigate(routeOf(next));
        break;
      }
      case 'download':
        downloadFileResult(answer, fillPath(action.fileName ?? 'file', target) ?? 'file');
        break;
      case 'leave':
        navigate(action.leaveTo ?? '/', { replace: true });
        break;
      default:
    }
    if (action.done) onSuccess?.(resolve(action.done, editorTextValues({ values: action.doneValues }, target, formatting, translate, (text) => resolve(text))));
  };

  const click = (action: EditorActionDefinition) => {
    if (action.form) setFormAction(action);
    else void run(() => act(action));
  };
  const canSave = editable && body !== undefined;
  const disabled = (action: EditorActionDefinition) => busy || (action.kind === 'save' ? !canSave || (!dirty && !!current) : action.saveFirst ? !canSave : false);
  const shownValues = current ? { ...current, ...values } : values;
  const entries = editorEntries(editor, capabilities, shownValues, editable);
  const change = (next: Values) => {
    setValues(next);
    markDirty(true);
  };
  const status = editor.status && current ? String(editorValueAt(current, editor.status.field) ?? '') : undefined;
  const statusColor = (status && editor.status?.colors?.[status]) || 'default';

  const drawn = (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1600 }} data-testid={`${testId}-editor`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid={`${testId}-title`}>
          {current ? texts.text(editor.title.text, editor.title, current) : resolve(editor.title.new)}
        </Typography>
        {current && status !== undefined && editor.status && (
          <Chip
            size="small"
            color={statusColor}
            variant={statusColor === 'default' ? 'outlined' : 'filled'}
            label={t(`${editor.status.labelPrefix}${status}`)}
            data-testid={`${testId}-status`}
            data-status={status}
          />
        )}
        {current &&
          (editor.subtitle ?? [])
            .filter((line) => editorConditionsHold(line.when, current))
            .map((line, index) => (
              <Typography key={index} color="text.secondary">
                {texts.text(line.text, line, current)}
              </Typography>
            ))}
      </Stack>
      {current &&
        (editor.notices ?? [])
          .filter((notice) => editorConditionsHold(notice.when, current))
          .map((notice, index) => <EditorNotice key={notice.id ?? index} notice={notice} values={current} testId={testId} texts={texts} callService={callService} sx={{ mb: 2 }} />)}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <EditorFieldRows
              fields={editor.fields.filter((field) => !fieldHidden(field, values, editable))}
              render={(field) => (
                <EditorFieldInput field={field} fields={editor.fields} values={values} onChange={change} editable={editable} testId={`${testId}-${field.id}`} texts={texts} callService={callService} />
              )}
            />
          </Paper>
          {editor.lines && definition.lineEditor && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <DefinedLines
                definition={definition}
                capabilities={capabilities}
                context={linesContext}
                lines={lines}
                onChange={(next) => {
                  setLines(next);
                  markDirty(true);
                }}
                editable={editable}
                callService={callService}
                newKey={nextKey}
              />
            </Paper>
          )}
        </Stack>
        <Stack spacing={2} sx={{ width: { xs: '100%', lg: 340 }, flexShrink: 0 }}>
          {editor.totals && <EditorTotals totals={editor.totals} record={current} stale={dirty || !current} testId={testId} texts={texts} locale={locale} />}
          {invalidLines && editor.lines && (
            <Alert severity="warning" data-testid={`${testId}-fix-marked`}>
              {resolve(editor.lines.invalid)}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid={`${testId}-action-error`}>
              {error}
            </Alert>
          )}
          <Stack spacing={1} data-testid={`${testId}-actions`}>
            {entries.map((entry, index) =>
              'notice' in entry ? (
                <EditorNotice key={entry.notice.id ?? index} notice={entry.notice} values={shownValues} testId={testId} texts={texts} callService={callService} />
              ) : (
                <Button
                  key={entry.action.id}
                  variant={entry.action.variant ?? 'outlined'}
                  color={entry.action.color ?? 'primary'}
                  startIcon={<ActionIcon name={entry.action.icon} />}
                  onClick={() => click(entry.action)}
                  disabled={disabled(entry.action)}
                  data-testid={`${testId}-${entry.action.id}`}
                >
                  {resolve(entry.action.label)}
                </Button>
              ),
            )}
          </Stack>
        </Stack>
      </Stack>
      {formAction?.form && current && (
        <EditorFormDialog
          action={{ ...formAction, form: formAction.form }}
          record={current}
          busy={busy}
          texts={texts}
          callService={callService}
          onCancel={() => setFormAction(undefined)}
          onSubmit={(submitted) => {
            const action = formAction;
            setFormAction(undefined);
            void run(async () => act(action, await formBody(action.form!.fields, submitted)));
          }}
        />
      )}
      {dialog}
    </Box>
  );
  return (
    <>
      {waiting && <LinearProgress variant={record.data ? 'determinate' : 'indeterminate'} value={100} />}
      <Activity mode={waiting ? 'hidden' : 'visible'}>{drawn}</Activity>
    </>
  );
}

