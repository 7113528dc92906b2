import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseEditValue, problemText, problemValues, resolveText, type BulkEditDefinition, type Translate } from '../../engine/grids';

export interface BulkEditDialogProps {
  idPrefix: string;
  bulk: BulkEditDefinition;
  count: number;
  locale: string;
  translate: Translate;
  onApply: (params: Record<string, unknown>) => void;
  onCancel: () => void;
}

/**
 * A bulk edit's parameters (from the definition's form, checked by the same
 * rules as a cell) and the confirmation naming how many selected rows it changes.
 */
export function BulkEditDialog({ idPrefix, bulk, count, locale, translate, onApply, onCancel }: BulkEditDialogProps) {
  const { t } = useTranslation();
  const text = (ref: Parameters<typeof resolveText>[0], values?: Record<string, string | number>) => resolveText(ref, translate, locale, values);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const form = bulk.form ?? [];
  const parsed = form.map((field) => ({ field, result: parseEditValue(field.rule, typed[field.param] ?? '') }));
  const invalid = parsed.some(({ result }) => 'problem' in result);
  const label = text(bulk.label);
  return (
    <Dialog open maxWidth="xs" fullWidth onClose={onCancel} aria-labelledby="grid-bulk-edit-title" data-testid="grid-bulk-edit-dialog">
      <DialogTitle id="grid-bulk-edit-title">{label}</DialogTitle>
      <DialogContent>
        {parsed.map(({ field, result }, index) => {
          const value = typed[field.param] ?? '';
          const problem = value !== '' && 'problem' in result ? text(problemText(field.rule, result.problem), problemValues(field.rule, value, locale)) : undefined;
          return (
            <TextField
              key={field.param}
              autoFocus={index === 0}
              fullWidth
              margin="normal"
              label={text(field.label)}
              value={value}
              error={problem !== undefined}
              helperText={problem}
              onChange={(event) => setTyped((current) => ({ ...current, [field.param]: event.target.value }))}
              slotProps={{
                input: field.unit ? { endAdornment: <InputAdornment position="end">{field.unit}</InputAdornment> } : undefined,
                htmlInput: { inputMode: field.rule.input === 'number' ? 'decimal' : undefined, 'data-testid': `${idPrefix}-param-${field.param}` },
              }}
            />
          );
        })}
        <DialogContentText data-testid="grid-bulk-edit-text">{bulk.confirmation ? text(bulk.confirmation, { count }) : t('grids.edit.confirmBulk', { action: label, count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={bulk.destructive ? 'error' : 'primary'}
          disabled={invalid}
          autoFocus={form.length === 0}
          onClick={() => onApply(Object.fromEntries(parsed.flatMap(({ field, result }) => ('value' in result ? [[field.param, result.value]] : []))))}
          data-testid="grid-bulk-edit-apply"
        >
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
