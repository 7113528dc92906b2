/**
 * A definition's createForm: the button above the rows (with its help), the
 * form in a dialog, the call, and the answer's secret shown once. Errors of
 * the call stay in the form beside what caused them; the rows reload after.
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import {
  createdRow,
  createFormBody,
  formDownloadBody,
  formFor,
  formOptionsBody,
  formOptionsOf,
  formWithOptions,
  heldFlags,
  initialFormValues,
  invalidFields,
  missingFields,
  routeAfterCreate,
  shownOnceSecret,
  withPickedFile,
  type CreateFormDefinition,
  type FormFieldDefinition,
  type FormValues,
  type ScreenContext,
  type TextRef,
} from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { downloadFileResult } from './download';
import { FormFieldInput } from './FormFieldInput';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { ShownOnceDialog } from './ShownOnceDialog';

export interface CreateFormProps {
  form: CreateFormDefinition;
  /** Test ids: {idPrefix}-open, -{param}, -submit, -error, and the shown-once dialog's -secret, -copy, -done. */
  idPrefix: string;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  onDone: () => void;
  /** Says the form's done text. */
  onSuccess?: (message: string) => void;
  /** Opens the form's openAfter route. */
  navigate?: (to: string) => void;
  /** openRow: opens the new row (the answer, its id at the grid's row id) in the detail panel. */
  onCreated?: (row: Record<string, unknown>) => void;
  /** The grid's row id field (openRow puts the new id there). */
  rowIdField?: string;
  /** The page's formatting locale: a number field reads what is typed in it. */
  locale?: string;
}

type Option = NonNullable<FormFieldDefinition['options']>[number];

/** The options of the form's optionsFrom fields, loaded while the form is open. */
function useFormOptions(form: CreateFormDefinition, open: boolean, context: ScreenContext, callService: GridServiceCaller) {
  const [loaded, setLoaded] = useState<Record<string, Option[]>>({});
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    for (const field of form.fields) {
      const source = field.optionsFrom;
      if (!source) continue;
      Promise.resolve()
        .then(() => callService(source.service, source.method, formOptionsBody(source, JSON.parse(contextKey) as ScreenContext), { signal: controller.signal }))
        .then(
          (answer) => setLoaded((known) => ({ ...known, [field.param]: formOptionsOf(source, answer) })),
          (error: unknown) => void (isCanceled(error) || undefined),
        );
    }
    return () => controller.abort();
  }, [form, open, contextKey, callService]);
  return useMemo(() => formWithOptions(form, loaded), [form, loaded]);
}

export function CreateForm({ form: given, idPrefix, text, context, capabilities, callService, onDone, onSuccess, navigate, onCreated, rowIdField = 'Id', locale }: CreateFormProps) {
  const { t } = useTranslation();
  const held = useMemo(() => heldFlags(capabilities), [capabilities]);
  // The options this user may choose (an option's requires).
  const defined = useMemo(() => formFor(given, capabilities), [given, capabilities]);
  const [values, setValues] = useState<FormValues | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState<{ secret: string; name: string }>();
  const form = useFormOptions(defined, values !== undefined, context, callService);
  const open = () => {
    setValues(initialFormValues(form));
    setError(undefined);
  };
  const submit = async () => {
    if (!values) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await callService(form.service, form.method, createFormBody(form, values, context, locale));
      setValues(undefined);
      if (form.shownOnce) setShown(shownOnceSecret(form.shownOnce, answer));
      if (form.done) onSuccess?.(text(form.done));
      onDone();
      const next = routeAfterCreate(form, answer);
      if (next) navigate?.(next);
      const created = createdRow(form, answer, rowIdField);
      if (created) onCreated?.(created);
    } catch (failure) {
      setError(errorText(failure, t('grids.actionFailedGeneric')));
    } finally {
      setBusy(false);
    }
  };
  const missing = values ? [...missingFields(form, values, locale), ...invalidFields(form, values, locale)] : [];
  const download = async (fields: Readonly<Record<string, string>>, service: string, method: string) => {
    if (!values) return;
    setError(undefined);
    try {
      downloadFileResult(await callService(service, method, formDownloadBody(form, fields, values, context, locale)), `${idPrefix}.xlsx`);
    } catch (failure) {
      setError(errorText(failure, t('grids.actionFailedGeneric')));
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        {form.help && (
          // On a phone the help takes its own line above the button.
          <Typography variant="body2" color="text.secondary" sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}>
            {text(form.help)}
          </Typography>
        )}
        <Button variant="contained" startIcon={form.icon ? <ActionIcon name={form.icon} /> : <AddIcon />} onClick={open} sx={{ ml: 'auto', flexShrink: 0 }} data-testid={`${idPrefix}-open`}>
          {text(form.label)}
        </Button>
      </Box>
      {values && (
        <Dialog open onClose={() => !busy && setValues(undefined)} maxWidth="md" fullWidth aria-labelledby={`${idPrefix}-title`} data-testid={`${idPrefix}-dialog`}>
          <DialogTitle id={`${idPrefix}-title`}>{text(form.title)}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ mt: 1 }}>
              {form.fields.map((field, index) => (
                <Fragment key={field.param}>
                  <FormFieldInput
                    field={field}
                    idPrefix={idPrefix}
                    value={values[field.param]}
                    onChange={(value) => setValues((current) => (typeof value === 'object' && !Array.isArray(value) ? withPickedFile(form, current ?? {}, field.param, value) : { ...current, [field.param]: value }))}
                    text={text}
                    held={held}
                    autoFocus={index === 0}
                    locale={locale}
                  />
                  {/* A download (a template) follows the field it reads first. */}
                  {(form.downloads ?? [])
                    .filter((entry) => Object.values(entry.fields)[0] === field.param)
                    .map((entry) => (
                      <Button key={entry.id} size="small" startIcon={<ActionIcon name="Download" />} sx={{ alignSelf: 'flex-start' }} onClick={() => void download(entry.fields, entry.service, entry.method)} data-testid={`${idPrefix}-${entry.id}`}>
                        {text(entry.label)}
                      </Button>
                    ))}
                </Fragment>
              ))}
              {error && (
                <Alert severity="error" data-testid={`${idPrefix}-error`}>
                  {error}
                </Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setValues(undefined)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" onClick={() => void submit()} disabled={busy || missing.length > 0} data-testid={`${idPrefix}-submit`}>
              {text(form.submitLabel)}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {shown && form.shownOnce && (
        <ShownOnceDialog
          idPrefix={idPrefix}
          title={text(form.shownOnce.title, { name: shown.name })}
          warning={text(form.shownOnce.warning)}
          label={text(form.shownOnce.label)}
          secret={shown.secret}
          onClose={() => setShown(undefined)}
        />
      )}
    </>
  );
}
