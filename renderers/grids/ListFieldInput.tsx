import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { cleanTags, type ListFieldDefinition, type SourceOption } from '../../engine/grids';

export interface ListFieldInputProps {
  field: ListFieldDefinition;
  label: string;
  placeholder?: string;
  value: unknown;
  /** many: the options to choose from; tags: the suggestions. */
  options: SourceOption[];
  /** select: the options' texts by value. */
  optionText: (value: string) => string;
  disabled: boolean;
  testId: string;
  onChange: (value: unknown) => void;
}

const inputProps = (params: { slotProps: { htmlInput?: object } }, testId: string) => ({ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } });

/** One field of an edited list row: a select, several of a list (chips), or tags (suggested, new ones typed). */
export function ListFieldInput({ field, label, placeholder, value, options, optionText, disabled, testId, onChange }: ListFieldInputProps) {
  if (field.input === 'select') {
    return (
      <TextField
        select
        size="small"
        label={label}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
      >
        {(field.options ?? []).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {optionText(option.value)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  if (field.input === 'many') {
    const chosen = options.filter((option) => list.some((entry) => String(entry) === String(option.value)));
    return (
      <Autocomplete<SourceOption, true>
        multiple
        options={options}
        value={chosen}
        disabled={disabled}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(option, picked) => option.value === picked.value}
        onChange={(_event, picked) => onChange(picked.map((option) => option.value))}
        renderInput={(params) => <TextField {...params} size="small" label={label} placeholder={chosen.length === 0 ? placeholder : undefined} slotProps={inputProps(params, testId)} />}
        sx={{ minWidth: 260, flex: 2 }}
      />
    );
  }
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={options.map((option) => String(option.value))}
      filterSelectedOptions
      value={list.map(String)}
      disabled={disabled}
      onChange={(_event, tags) => onChange(cleanTags(tags))}
      renderValue={(tags, getItemProps) => tags.map((tag, index) => <Chip size="small" label={tag} {...getItemProps({ index })} key={tag} />)}
      renderInput={(params) => <TextField {...params} size="small" label={label} placeholder={list.length === 0 ? placeholder : undefined} slotProps={inputProps(params, testId)} />}
      sx={{ minWidth: 200, flex: 1 }}
    />
  );
}
