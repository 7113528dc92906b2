import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The part of a JSON Schema property an input needs. */
export interface PropertySchema {
  type?: string;
  anyOf?: { const?: unknown }[];
  items?: PropertySchema;
  minimum?: number;
  maximum?: number;
}

interface Props {
  schema: PropertySchema;
  label: string;
  value: unknown;
  /** What an absent yes/no means (a checkbox shows it). */
  fallback?: boolean;
  /** The new value; undefined: leave the property out. */
  onChange(value: unknown): void;
  testId: string;
}

/**
 * An input for one property of a JSON Schema object, by its shape: a choice of constants, a list
 * of words or of constants, yes/no, a whole number or a text. Null for shapes it does not edit (objects, lists of
 * objects): those have panels of their own.
 */
const constsOf = (schema: PropertySchema | undefined) => (schema?.anyOf?.every((entry) => 'const' in entry) ? schema.anyOf.map((entry) => String(entry.const)) : undefined);

export function SchemaPropertyInput({ schema, label, value, fallback = false, onChange, testId }: Props) {
  const consts = constsOf(schema);
  const itemConsts = schema.type === 'array' ? constsOf(schema.items) : undefined;
  if (schema.type === 'boolean') {
    const checked = typeof value === 'boolean' ? value : fallback;
    const input = { 'data-testid': testId } as object;
    return <FormControlLabel label={label} control={<Checkbox size="small" checked={checked} onChange={(event) => onChange(event.target.checked === fallback ? undefined : event.target.checked)} slotProps={{ input }} />} />;
  }
  if (schema.type === 'integer')
    return (
      <TextField
        size="small"
        type="number"
        label={label}
        value={typeof value === 'number' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        slotProps={{ htmlInput: { min: schema.minimum, max: schema.maximum, 'data-testid': testId } }}
      />
    );
  if (schema.type === 'array' && (schema.items?.type === 'string' || itemConsts))
    return (
      <Autocomplete
        multiple
        // A list of constants offers them (and no others); a list of words takes any.
        freeSolo={!itemConsts}
        options={itemConsts ?? []}
        filterSelectedOptions
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={(_event, next) => onChange(next)}
        renderInput={(params) => <TextField {...params} size="small" label={label} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
      />
    );
  if (consts)
    return (
      <TextField select size="small" label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}>
        <MenuItem value="">—</MenuItem>
        {consts.map((entry) => (
          <MenuItem key={entry} value={entry}>
            {entry}
          </MenuItem>
        ))}
      </TextField>
    );
  if (schema.type !== 'string') return null;
  return <TextField size="small" label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} slotProps={{ htmlInput: { 'data-testid': testId } }} />;
}
