/**
 * The parts of a record editor (renderers/grids/DefinedRecordEditor.tsx): a field of its form or of an
 * action's dialog, a notice with its links and details, the totals box, and an action's dialog form.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { GrowingTextarea, growingTextareaSx } from '../inputs/GrowingTextarea';
import { formatDate, type Formatting } from '../../contract/formatting';
import {
  editorConditionsHold,
  editorFieldProblem,
  editorFormValues,
  editorValueAt,
  fillPath,
  lookupChoice,
  recordCallBody,
  recordValueText,
  setAt,
  todayText,
  valueAt,
  type EditorActionDefinition,
  type EditorFieldDefinition,
  type EditorNoticeDefinition,
  type EditorTextParts,
  type RecordEditorDefinition,
  type TextRef,
} from '../../engine/grids';
import { DateInput } from '../inputs/DateInput';
import { downloadFileResult } from './download';
import type { GridServiceCaller } from './grid-service';

type Values = Record<string, unknown>;

/** Texts of the editor: a text of the definition with values of the record. */
export interface EditorTexts {
  text: (ref: TextRef, parts?: EditorTextParts, values?: Values) => string;
  formatting: Formatting;
  translate: (key: string, values?: Record<string, string | number>) => string;
}

/** A read-only form leaves out what the field says (always, or when empty). */
export function fieldHidden(field: EditorFieldDefinition, values: Values, editable: boolean): boolean {
  if (editable) return false;
  const value = editorValueAt(values, field.field);
  return field.readOnly === 'hidden' || (field.readOnly === 'hiddenWhenEmpty' && (value === null || value === undefined || value === ''));
}

const optionRows = (answer: unknown): Values[] => (Array.isArray(answer) ? (answer as Values[]) : []);

/** One field: its input while editable, its value as read-only text otherwise (or nothing, as the field says). */
export function EditorFieldInput({
  field,
  fields,
  values,
  onChange,
  editable,
  testId,
  onInput,
  texts,
  callService,
}: {
  field: EditorFieldDefinition;
  fields: readonly EditorFieldDefinition[];
  values: Values;
  onChange: (values: Values) => void;
  editable: boolean;
  testId: string;
  /** Test id on the input element (dialog forms) rather than on the field. */
  onInput?: boolean;
  texts: EditorTexts;
  callService: GridServiceCaller;
}) {
  const { text, formatting } = texts;
  const value = editorValueAt(values, field.field);
  const from = field.optionsFrom;
  const optionsBody = from ? recordCallBody(from, {}) : undefined;
  const options = useQuery({
    queryKey: ['recordEditor', 'options', from?.service, from?.method, optionsBody],
    queryFn: async ({ signal }) => optionRows(await callService(from!.service, from!.method, optionsBody ?? {}, { signal })),
    enabled: editable && from !== undefined,
    staleTime: 60_000,
  });
  const set = (next: unknown) => onChange(setAt({ ...values }, field.field, next));
  const label = text(field.label);
  const sx = { flex: field.width ?? 1 };
  const rootId = onInput ? undefined : testId;
  const inputId = onInput ? { 'data-testid': testId } : {};
  if (fieldHidden(field, values, editable)) return null;

  if (!editable) {
    const shown =
      field.input === 'date'
        ? value
          ? formatDate(`${String(value).slice(0, 10)}T00:00:00`, formatting, 'long')
          : field.emptyText
            ? text(field.emptyText)
            : ''
        : field.readOnlyField
          ? String(valueAt(values, field.readOnlyField) ?? '')
          : String(value ?? '');
    return (
      <TextField
        sx={field.input === 'textarea' ? { ...sx, ...growingTextareaSx(1) } : sx}
        label={label}
        value={shown}
        helperText={field.input === 'date' || field.help ? ' ' : undefined}
        slotProps={{ input: field.input === 'textarea' ? { inputComponent: GrowingTextarea } : undefined, htmlInput: { readOnly: true, ...inputId } }}
        data-testid={rootId}
      />
    );
  }

  switch (field.input) {
    case 'lookup': {
      const rows = options.data ?? [];
      const labelOf = (row: Values) => {
        const name = String(valueAt(row, from?.labelField ?? '') ?? '');
        const detail = from?.detailField ? valueAt(row, from.detailField) : undefined;
        return detail ? `${name} (${String(detail)})` : name;
      };
      const chosen = rows.find((row) => valueAt(row, from?.valueField ?? '') === value) ?? null;
      return (
        <Autocomplete
          sx={sx}
          options={rows}
          loading={options.isLoading}
          value={chosen}
          getOptionLabel={labelOf}
          isOptionEqualToValue={(option, other) => valueAt(option, from?.valueField ?? '') === valueAt(other, from?.valueField ?? '')}
          onChange={(_event, row) => onChange(lookupChoice(field, fields, row, values))}
          renderInput={(params) => <TextField {...params} label={label} required={field.required} data-testid={testId} />}
        />
      );
    }
    case 'date': {
      const min = field.min === 'today' ? todayText() : field.min ? String(valueAt(values, field.min) ?? '').slice(0, 10) || undefined : undefined;
      return (
        <DateInput
          sx={sx}
          label={label}
          value={String(value ?? '')}
          onChange={set}
          min={min}
          max={field.max === 'today' ? todayText() : undefined}
          required={field.required}
          helperText={value ? ' ' : field.emptyText ? text(field.emptyText) : undefined}
          testId={testId}
        />
      );
    }
    case 'select': {
      const offered: { value: string | number; label: string }[] = field.options
        ? field.options.map((option) => ({ value: option.value, label: text(option.label) }))
        : (options.data ?? []).map((row) => ({ value: valueAt(row, from?.valueField ?? '') as string | number, label: String(valueAt(row, from?.labelField ?? '') ?? '') }));
      return (
        <TextField
          sx={sx}
          select
          label={label}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => set(offered.find((option) => String(option.value) === event.target.value)?.value ?? null)}
          required={field.required}
          helperText={field.help ? text(field.help) : ' '}
          slotProps={{ htmlInput: inputId }}
          data-testid={rootId}
        >
          {field.emptyOption && <MenuItem value="">{text(field.emptyOption)}</MenuItem>}
          {offered.map((option) => (
            <MenuItem key={String(option.value)} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'file': {
      const file = value instanceof File ? value : undefined;
      const refused = editorFieldProblem(field, value) === 'file';
      return (
        <div>
          <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'start', textTransform: file ? 'none' : undefined }}>
            {file ? file.name : label}
            <input hidden type="file" accept={field.accept?.map((extension) => `.${extension}`).join(',')} data-testid={testId} onChange={(event) => set(event.target.files?.[0] ?? null)} />
          </Button>
          <Typography variant="caption" component="div" color={refused ? 'error' : 'text.secondary'}>
            {refused && field.refused ? text(field.refused) : field.help ? text(field.help) : null}
          </Typography>
        </div>
      );
    }
    default:
      return (
        <TextField
          sx={field.input === 'textarea' ? { ...sx, ...growingTextareaSx(onInput ? 1 : 2) } : sx}
          label={label}
          value={String(value ?? '')}
          onChange={(event) => set(field.upperCase ? event.target.value.toUpperCase().slice(0, field.maxLength) : event.target.value)}
          required={field.required}
          autoFocus={field.autoFocus}
          helperText={field.help ? text(field.help) : undefined}
          slotProps={{ input: field.input === 'textarea' ? { inputComponent: GrowingTextarea } : undefined, htmlInput: { maxLength: field.maxLength, ...inputId } }}
          data-testid={rootId}
        />
      );
  }
}

/** Fields in their rows: side by side on a wide screen, one under the other on a phone. */
export function EditorFieldRows({ fields, render }: { fields: readonly EditorFieldDefinition[]; render: (field: EditorFieldDefinition) => ReactNode }) {
  const rows: EditorFieldDefinition[][] = [];
  fields.forEach((field, index) => {
    const last = rows[rows.length - 1];
    if (field.row !== undefined && last && last[0].row === field.row && index > 0) last.push(field);
    else rows.push([field]);
  });
  return (
    <Stack spacing={2}>
      {rows.map((row) =>
        row.length === 1 ? (
          <Stack key={row[0].id}>{render(row[0])}</Stack>
        ) : (
          <Stack key={row[0].id} direction={{ xs: 'column', md: 'row' }} spacing={2}>
            {row.map((field) => (
              <Stack key={field.id} sx={{ flex: field.width ?? 1, minWidth: 0 }}>
                {render(field)}
              </Stack>
            ))}
          </Stack>
        ),
      )}
    </Stack>
  );
}

/** A notice of the record's state: its text, links, and details (with a file to download). */
export function EditorNotice({ notice, values, testId, texts, callService, sx }: { notice: EditorNoticeDefinition; values: Values; testId: string; texts: EditorTexts; callService: GridServiceCaller; sx?: object }) {
  const { text } = texts;
  const details = notice.details && editorConditionsHold(notice.details.when, values) ? notice.details : undefined;
  const download = details?.download && editorConditionsHold(details.download.when, values) ? details.download : undefined;
  return (
    <Alert severity={notice.tone} sx={sx} data-testid={notice.id ? `${testId}-${notice.id}` : undefined}>
      {text(notice.text, notice, values)}
      {(notice.links ?? []).map((link) => {
        const to = fillPath(link.to, values);
        return to ? (
          <span key={link.to}>
            {' '}
            <Link component={RouterLink} to={to} data-testid={link.id ? `${testId}-${link.id}` : undefined}>
              {text(link.label)}
            </Link>
          </span>
        ) : null;
      })}
      {details && (
        <Stack spacing={0.5} sx={{ mt: 1 }} data-testid={details.id ? `${testId}-${details.id}` : undefined}>
          {details.title && <strong>{text(details.title)}</strong>}
          <span>
            {details.lines
              .filter((line) => editorConditionsHold(line.when, values))
              .map((line, index) => (
                <Typography key={index} component="span" variant="inherit" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {text(line.text, line, values)}
                </Typography>
              ))}
          </span>
          {download && (
            <div>
              <Button
                size="small"
                variant="text"
                sx={{ textAlign: 'start', overflowWrap: 'anywhere', textTransform: 'none' }}
                onClick={() => {
                  const body: Values = {};
                  for (const [param, path] of Object.entries(download.recordParams)) setAt(body, param, editorValueAt(values, path));
                  void callService(download.service, download.method, body).then((file) => downloadFileResult(file, String(editorValueAt(values, download.fileName) ?? 'file')));
                }}
                data-testid={`${testId}-${download.id}`}
              >
                {text(download.label, download, values)}
              </Button>
            </div>
          )}
        </Stack>
      )}
    </Alert>
  );
}

/** The totals of the stored record; a notice while edits are unsaved. */
export function EditorTotals({ totals, record, stale, testId, texts, locale }: { totals: NonNullable<RecordEditorDefinition['totals']>; record: Values | undefined; stale: boolean; testId: string; texts: EditorTexts; locale: string }) {
  const { text, translate } = texts;
  const shown = (fact: Parameters<typeof recordValueText>[0]) => (record ? recordValueText(fact, record, locale, translate) || '—' : '—');
  const footer = record ? totals.footer?.lines.find((line) => editorConditionsHold(line.when, record)) : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`${testId}-${totals.id}`}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {text(totals.title)}
      </Typography>
      <Stack spacing={0.75}>
        {totals.facts.map((fact) => (
          <Stack key={fact.field} direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography color="text.secondary">{text(fact.label)}</Typography>
            <Typography>{shown(fact)}</Typography>
          </Stack>
        ))}
        {totals.total && (
          <>
            <Divider />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 600 }}>{text(totals.total.label)}</Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid={`${testId}-${totals.total.id}`}>
                {shown(totals.total)}
              </Typography>
            </Stack>
          </>
        )}
        {footer && record && totals.footer && (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-${totals.footer.id}`}>
            {text(footer.text, footer, record)}
          </Typography>
        )}
      </Stack>
      {stale && (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid={`${testId}-${totals.id}-stale`}>
          {text(totals.stale)}
        </Alert>
      )}
    </Paper>
  );
}

/** An action's dialog form: its fields, sent with the call once every one is acceptable. */
export function EditorFormDialog({
  action,
  record,
  busy,
  texts,
  callService,
  onCancel,
  onSubmit,
}: {
  action: EditorActionDefinition & { form: NonNullable<EditorActionDefinition['form']> };
  record: Values;
  busy: boolean;
  texts: EditorTexts;
  callService: GridServiceCaller;
  onCancel: () => void;
  onSubmit: (values: Values) => void;
}) {
  const { t } = useTranslation();
  const { text } = texts;
  const form = action.form;
  const [values, setValues] = useState<Values>(() => ({ ...record, ...editorFormValues(form.fields, undefined) }));
  const complete = form.fields.every((field) => editorFieldProblem(field, editorValueAt(values, field.field)) === undefined);
  const titleId = `${form.testId}-title`;
  return (
    <Dialog open onClose={onCancel} maxWidth={form.wide ? 'sm' : 'xs'} fullWidth aria-labelledby={titleId} data-testid={form.dialogTestId}>
      <DialogTitle id={titleId}>{text(form.title, form, record)}</DialogTitle>
      <DialogContent>
        {form.intro && <DialogContentText sx={{ mb: 2 }}>{text(form.intro, form, record)}</DialogContentText>}
        <Stack spacing={2} sx={{ mt: form.intro ? 0 : 1 }}>
          {form.fields.map((field) => (
            <EditorFieldInput
              key={field.id}
              field={field}
              fields={form.fields}
              values={values}
              onChange={setValues}
              editable
              testId={`${form.testId}-${field.id}`}
              onInput
              texts={texts}
              callService={callService}
            />
          ))}
          {form.notice && <Alert severity="info">{text(form.notice)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" color={action.color ?? 'primary'} disabled={!complete || busy} onClick={() => onSubmit(values)} data-testid={`${form.testId}-confirm`}>
          {text(form.submitLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

