/**
 * A record form's `rows` field (schema/record-form.ts): a list of the record edited row by row — each row a line of
 * selects and texts (one under the other on a phone) with a remove button — and a button adding a row.
 */
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { editRows, type RecordFormFieldDefinition, type RecordValues, type TextRef } from '../../engine/grids';

export interface RecordFormRowsProps {
  formId: string;
  field: RecordFormFieldDefinition;
  rows: readonly RecordValues[];
  disabled: boolean;
  onChange: (rows: RecordValues[]) => void;
  text: (ref: TextRef) => string;
}

export function RecordFormRows({ formId, field, rows, disabled, onChange, text }: RecordFormRowsProps) {
  const shape = field.rows;
  if (!shape) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {text(shape.empty)}
        </Typography>
      )}
      {rows.map((row, index) => (
        <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }} data-testid={`${formId}-${field.id}-${index}`}>
          {shape.fields.map((entry) => {
            const testId = `${formId}-${entry.id}-${index}`;
            const common = {
              size: 'small' as const,
              label: text(entry.label),
              value: String(row[entry.field] ?? ''),
              disabled,
              onChange: (event: { target: { value: string } }) => onChange(editRows(field, rows, { at: index, set: { [entry.field]: event.target.value } })),
              sx: entry.grow ? { flex: entry.grow } : { minWidth: 120 },
            };
            return entry.input === 'select' ? (
              <TextField key={entry.id} select {...common} slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}>
                {(entry.options ?? []).map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {text(option.label)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={entry.id}
                {...common}
                required={entry.required}
                helperText={index === 0 && entry.help ? text(entry.help) : undefined}
                slotProps={{ htmlInput: { maxLength: entry.maxLength, 'data-testid': testId } }}
              />
            );
          })}
          {!disabled && (
            <IconButton aria-label={text(shape.remove)} onClick={() => onChange(editRows(field, rows, { at: index, remove: true }))}>
              <DeleteOutlined />
            </IconButton>
          )}
        </Stack>
      ))}
      {!disabled && (
        <div>
          <Button startIcon={<AddOutlined />} onClick={() => onChange(editRows(field, rows, { add: true }))} data-testid={`${formId}-${field.id}-add`}>
            {text(shape.add)}
          </Button>
        </div>
      )}
    </Stack>
  );
}
