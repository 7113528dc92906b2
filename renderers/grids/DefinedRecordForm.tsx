/**
 * <DefinedRecordForm>: a screen definition's `recordForm` (a user's
 * notification preferences): the data source's answer as a form in a card,
 * switches and check lists, saved whole by the form's method; read-only with
 * a notice for users who may not change the record.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  applyBindings,
  mayChangeRecord,
  recordFormBody,
  recordFormDirty,
  recordFormProblems,
  recordFormValues,
  resolveText,
  toggleOption,
  type RecordFormDefinition,
  type RecordFormFieldDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { RecordFormRows } from './RecordFormRows';

type Values = Record<string, unknown>;

export interface DefinedRecordFormProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  userId: number | string;
  callService: GridServiceCaller;
  onError: (message: string) => void;
  onSuccess?: (message: string) => void;
  /** Whether edits are not saved yet (the app guards leaving). */
  onDirtyChange?: (dirty: boolean) => void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; record: Values };

function FieldInput({ form, field, label, values, disabled, onChange, text }: {
  form: RecordFormDefinition;
  field: RecordFormFieldDefinition;
  label: string;
  values: Values;
  disabled: boolean;
  onChange: (value: unknown) => void;
  text: (ref: TextRef) => string;
}) {
  const { t } = useTranslation();
  const testId = `${form.id}-${field.id}`;
  if (field.input === 'rows') {
    const rows = Array.isArray(values[field.field]) ? (values[field.field] as Values[]) : [];
    return <RecordFormRows formId={form.id} field={field} rows={rows} disabled={disabled} onChange={onChange} text={text} />;
  }
  if (field.input === 'switch') {
    return (
      <FormControlLabel
        sx={{ display: 'flex' }}
        control={<Switch checked={values[field.field] === true} onChange={(event) => onChange(event.target.checked)} disabled={disabled} data-testid={testId} />}
        label={label}
      />
    );
  }
  const ticked = Array.isArray(values[field.field]) ? (values[field.field] as string[]) : [];
  const missing = Boolean(field.required) && ticked.length === 0;
  return (
    <FormControl component="fieldset" error={missing} sx={{ display: 'block', mt: 2 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {(field.options ?? []).map((option) => (
          <FormControlLabel
            key={option.value}
            control={
              <Checkbox
                checked={ticked.includes(option.value)}
                onChange={(event) => onChange(toggleOption(form, field.field, values, option.value, event.target.checked))}
                disabled={disabled}
                data-testid={`${testId}-${option.value}`}
              />
            }
            label={text(option.label)}
          />
        ))}
      </FormGroup>
      {missing && <FormHelperText data-testid={`${testId}-error`}>{t('forms.validation.atLeastOne')}</FormHelperText>}
    </FormControl>
  );
}

export function DefinedRecordForm({ definition, context, capabilities, userId, callService, onError, onSuccess, onDirtyChange }: DefinedRecordFormProps) {
  const form = definition.recordForm!;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback((ref: TextRef) => resolveText(ref, (key, values) => String(t(key, values)), locale), [t, locale]);
  const source = definition.dataSource;
  const contextKey = JSON.stringify(context);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [draft, setDraft] = useState<Values>();
  const [saving, setSaving] = useState(false);
  // A refused save said in the form (`save.refusalInPlace`) until the next edit.
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    setDraft(undefined);
    callService(source.service, source.method, applyBindings({}, source.params, context), { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setLoaded({ state: 'done', record: (answer ?? {}) as Values }),
      (failure: unknown) => !isCanceled(failure) && !controller.signal.aborted && setLoaded({ state: 'failed', message: errorText(failure, '') }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content, not the object
  }, [source, contextKey, callService]);

  const record = loaded.state === 'done' ? loaded.record : undefined;
  const values = useMemo(() => draft ?? (record ? recordFormValues(form, record) : undefined), [draft, record, form]);
  const dirty = Boolean(record && draft && recordFormDirty(form, record, draft));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(
    () => () => {
      onDirtyChange?.(false);
    },
    [onDirtyChange],
  );

  if (loaded.state === 'failed') {
    return (
      <Alert severity="error" data-testid={`${form.id}-load-failed`}>
        {text(form.loadFailed)} {loaded.message}
      </Alert>
    );
  }
  if (!record || !values) return <LinearProgress />;

  const mayChange = mayChangeRecord(form, capabilities, context, userId);
  const blocked = recordFormProblems(form, values).length > 0;
  const labelOf = (field: string) => {
    const column = definition.columns.find((entry) => entry.field === field);
    return column ? text(column.label) : field;
  };
  const save = async () => {
    setSaving(true);
    setRefusal(undefined);
    try {
      const saved = (await callService(form.save.service, form.save.method, recordFormBody(form, record, values, context))) as Values;
      setLoaded({ state: 'done', record: saved ?? { ...record, ...values } });
      setDraft(undefined);
      onSuccess?.(text(form.save.done));
    } catch (failure) {
      if (isCanceled(failure)) return;
      const message = errorText(failure, t('grids.actionFailedGeneric'));
      if (form.save.refusalInPlace) setRefusal(message);
      else onError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }} data-testid={form.id}>
      <CardContent>
        {form.title && (
          <Typography variant="h6" component="h2">
            {text(form.title)}
          </Typography>
        )}
        {form.help && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {text(form.help)}
          </Typography>
        )}
        {!mayChange && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid={`${form.id}-read-only`}>
            {text(form.readOnly)}
          </Alert>
        )}
        {form.fields.map((field) => (
          <FieldInput
            key={field.id}
            form={form}
            field={field}
            label={labelOf(field.field)}
            values={values}
            disabled={!mayChange}
            onChange={(value) => {
              setRefusal(undefined);
              setDraft({ ...values, [field.field]: value });
            }}
            text={text}
          />
        ))}
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid={`${form.id}-error`}>
            {refusal}
          </Alert>
        )}
        {mayChange && (
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" disabled={!dirty || blocked || saving} onClick={() => void save()} data-testid={`${form.id}-save`}>
              {text(form.save.label)}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
