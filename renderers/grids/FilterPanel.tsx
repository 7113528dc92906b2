import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterOption, FilterValue, FilterValues, GridFilterFieldModel } from '../../engine/grids';
import { DateInput } from '../inputs/DateInput';

export interface FilterPanelProps {
  filters: readonly GridFilterFieldModel[];
  optionsFor: (filter: GridFilterFieldModel) => FilterOption[];
  values: FilterValues;
  onApply: (values: FilterValues) => void;
}

const FIELD_WIDTH = { xs: '100%', sm: 220 };
/** Two date inputs share a row: side by side on a phone, each wide enough for dd.mm.yyyy and the calendar button. */
const DATE_WIDTH = { flex: { xs: 1, sm: 'none' }, width: { sm: 180 }, minWidth: 0 };

/** The filter form of a grid: one small input per declared filter, applied together. */
export function FilterPanel({ filters, optionsFor, values, onApply }: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, FilterValue>>({ ...values });
  const set = (field: string, value: FilterValue) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  const input = (filter: GridFilterFieldModel) => {
    const id = `grid-filter-${filter.field}`;
    const value = draft[filter.field];
    switch (filter.input) {
      case 'select':
      case 'multiSelect': {
        const options = optionsFor(filter);
        const multiple = filter.input === 'multiSelect';
        const selected = multiple ? ((value as (string | number | boolean)[] | undefined) ?? []).map(String) : value === undefined ? '' : String(value);
        const byKey = new Map(options.map((option) => [String(option.value), option]));
        return (
          <FormControl key={filter.field} size="small" sx={{ width: FIELD_WIDTH }}>
            <InputLabel id={`${id}-label`}>{filter.label}</InputLabel>
            <Select
              labelId={`${id}-label`}
              id={id}
              data-testid={id}
              label={filter.label}
              multiple={multiple}
              value={selected}
              renderValue={(chosen) => (Array.isArray(chosen) ? chosen : [chosen]).map((key) => byKey.get(String(key))?.label ?? String(key)).join(', ')}
              onChange={(event) => {
                const next = event.target.value;
                const toValue = (key: string) => byKey.get(key)?.value ?? key;
                set(filter.field, Array.isArray(next) ? next.map(toValue) : next === '' ? undefined : toValue(next));
              }}
            >
              {!multiple && (
                <MenuItem value="">
                  <em>{t('grids.any')}</em>
                </MenuItem>
              )}
              {options.map((option) => (
                <MenuItem key={String(option.value)} value={String(option.value)}>
                  {multiple && <Checkbox size="small" checked={(selected as string[]).includes(String(option.value))} />}
                  <ListItemText primary={option.label} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        );
      }
      case 'boolean':
        return (
          <TextField
            key={filter.field}
            select
            size="small"
            id={id}
            label={filter.label}
            value={value === undefined ? '' : String(value)}
            onChange={(event) => set(filter.field, event.target.value === '' ? undefined : event.target.value === 'true')}
            sx={{ width: FIELD_WIDTH }}
            slotProps={{ htmlInput: { 'data-testid': id } }}
          >
            <MenuItem value="">
              <em>{t('grids.any')}</em>
            </MenuItem>
            <MenuItem value="true">{t('grids.yes')}</MenuItem>
            <MenuItem value="false">{t('grids.no')}</MenuItem>
          </TextField>
        );
      case 'dateRange': {
        const range = (value as { from?: string; to?: string } | undefined) ?? {};
        return (
          <Box key={filter.field} sx={{ display: 'flex', gap: 1, width: { xs: '100%', sm: 'auto' } }} role="group" aria-label={filter.label}>
            <DateInput size="small" sx={DATE_WIDTH} label={`${filter.label}: ${t('grids.from')}`} value={range.from ?? ''} onChange={(from) => set(filter.field, { ...range, from })} max={range.to || undefined} testId={`${id}-from`} />
            <DateInput size="small" sx={DATE_WIDTH} label={`${filter.label}: ${t('grids.to')}`} value={range.to ?? ''} onChange={(to) => set(filter.field, { ...range, to })} min={range.from || undefined} testId={`${id}-to`} />
          </Box>
        );
      }
      default:
        return (
          <TextField
            key={filter.field}
            size="small"
            id={id}
            label={filter.label}
            type={filter.input === 'number' ? 'number' : 'text'}
            value={value === undefined ? '' : String(value)}
            onChange={(event) => set(filter.field, event.target.value)}
            sx={{ width: FIELD_WIDTH }}
            slotProps={{ htmlInput: { 'data-testid': id } }}
          />
        );
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={t('grids.filters')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', py: 1.5 }}>
      {filters.map(input)}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" size="small" data-testid="grid-filters-apply">
          {t('grids.applyFilters')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t('grids.clearFilters')}
        </Button>
      </Box>
    </Box>
  );
}
