/**
 * The row form's inputs beyond a text or a choice of one: a check list (its options given, or answered by a method
 * when the dialog opens) and a capabilities table (FlagsMatrixInput: the flags the signed-in user holds may be
 * given, the stored ones may stay or go, object types added by name).
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CapabilityObjectTypes, type Capability } from '../../contract/capabilities';
import {
  CAPABILITY_MATRIX,
  capabilityEntryCode,
  capabilityEntryName,
  objectTypeName,
  rowFieldCallBody,
  rowFieldCallOptions,
  type RowFormFieldDefinition,
  type ScreenContext,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { FlagsMatrixInput } from '../inputs/FlagsMatrixInput';
import { errorText, type GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

interface CheckListProps {
  field: RowFormFieldDefinition;
  testId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  stored: Row | undefined;
  context: ScreenContext;
  callService: GridServiceCaller;
  help?: string;
  error?: string;
  disabled: boolean;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
}

/** A check list: one box per option (the method's rows, or the field's options); a ticked value no longer offered stays shown. */
export function RowFormCheckList({ field, testId, value, onChange, stored, context, callService, help, error, disabled, text }: CheckListProps) {
  const { t } = useTranslation();
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const call = field.optionsCall;
  const body = useMemo(() => (call ? rowFieldCallBody(field, stored, context) : undefined), [call, field, stored, context]);
  const answer = useQuery({
    queryKey: ['row-form-options', call?.service, call?.method, body],
    queryFn: ({ signal }) => callService(call!.service, call!.method, body!, { signal }),
    enabled: call !== undefined,
    retry: false,
  });
  const ticked = Array.isArray(value) ? (value as (string | number)[]) : [];
  // Refused or failed: the ticked values still show (as #value), so saving keeps them.
  const options = call
    ? answer.isPending
      ? []
      : rowFieldCallOptions(field, answer.data ?? [], ticked, translate)
    : (field.options ?? []).map((option) => ({ value: option.value, label: text(option.label) }));
  const toggle = (entry: string | number, on: boolean) => onChange(on ? [...ticked, entry] : ticked.filter((other) => other !== entry));
  return (
    <FormGroup data-testid={testId}>
      <FormLabel component="legend">{text(field.label)}</FormLabel>
      {answer.isPending && call && <LinearProgress aria-label={t('common.loading')} />}
      {answer.isError && <FormHelperText error>{errorText(answer.error, t('grids.loadFailed'))}</FormHelperText>}
      <Box sx={field.inline ? { display: 'flex', flexWrap: 'wrap' } : { display: 'flex', flexDirection: 'column' }}>
        {options.map((option) => (
          <FormControlLabel
            key={String(option.value)}
            control={<Checkbox checked={ticked.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} disabled={disabled} />}
            label={option.label}
          />
        ))}
      </Box>
      {(error ?? help) && <FormHelperText error={error !== undefined}>{error ?? help}</FormHelperText>}
    </FormGroup>
  );
}

interface CapabilitiesProps {
  field: RowFormFieldDefinition;
  testId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  stored: Row | undefined;
  held: readonly Capability[];
  disabled: boolean;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
}

/** Capability entries as a table of flags, named in words with the constant beneath. */
export function RowFormCapabilities({ field, testId, value, onChange, stored, held, disabled, text }: CapabilitiesProps) {
  const { t } = useTranslation();
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const original = Array.isArray(stored?.[field.field]) ? (stored[field.field] as Row[]) : [];
  // Stable, so the picker does not reset what is typed on each render.
  const typeName = useCallback((type: string) => objectTypeName(translate, type), [translate]);
  return (
    <FlagsMatrixInput
      shape={CAPABILITY_MATRIX}
      rows={rows}
      onChange={onChange}
      held={held as unknown as Row[]}
      stored={original}
      readOnly={disabled}
      label={text(field.label)}
      rowHeading={t('admin.security.objectType')}
      flagLabel={(flag) => t(`admin.security.flags.${flag}`)}
      rowName={(entry) => capabilityEntryName(translate, entry)}
      rowCode={capabilityEntryCode}
      removeLabel={(name) => t('admin.security.removeGrant', { name })}
      add={{ field: 'ObjectType', offered: CapabilityObjectTypes, optionLabel: typeName, label: t('admin.security.objectType'), button: t('admin.security.addGrant') }}
      rowTestId={testId}
    />
  );
}
