import DeleteIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface EditedFilter {
  /** Stable key in the editor; Id once stored. */
  key: string;
  Id?: number | null;
  VendorFilterType: 'Include' | 'Exclude';
  VendorAccountIds: number[];
  IncludedTags: string[];
  ExcludedTags: string[];
}

export interface Vendor {
  Id: number;
  Name: string;
}

/** Tags: the catalogue's tags offered as the user types (a new one may still be typed: a filter can wait for its services). */
const tagsInput = (label: string, value: string[], options: string[], onChange: (tags: string[]) => void, testId: string) => (
  <Autocomplete
    multiple
    freeSolo
    options={options}
    filterSelectedOptions
    value={value}
    onChange={(_event, tags) => onChange([...new Set(tags.map((tag) => tag.trim()).filter(Boolean))])}
    renderValue={(tags, getItemProps) => tags.map((tag, index) => <Chip size="small" label={tag} {...getItemProps({ index })} key={tag} />)}
    renderInput={(params) => <TextField {...params} size="small" label={label} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
    sx={{ minWidth: 200, flex: 1 }}
  />
);

/** One propagation filter: vendor filter type, vendors (none = every vendor), included and excluded tags. */
export function FilterEditor({
  filter,
  vendors,
  tags,
  onChange,
  onRemove,
  index,
}: {
  filter: EditedFilter;
  vendors: Vendor[];
  tags: string[];
  onChange: (filter: EditedFilter) => void;
  onRemove: () => void;
  index: number;
}) {
  const { t } = useTranslation();
  const chosen = vendors.filter((vendor) => filter.VendorAccountIds.includes(vendor.Id));
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`propagation-filter-${index}`}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: { lg: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('pricelists.propagation.vendorFilterType')}
          value={filter.VendorFilterType}
          onChange={(event) => onChange({ ...filter, VendorFilterType: event.target.value as EditedFilter['VendorFilterType'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="Include">{t('pricelists.propagation.include')}</MenuItem>
          <MenuItem value="Exclude">{t('pricelists.propagation.exclude')}</MenuItem>
        </TextField>
        <Autocomplete
          multiple
          options={vendors}
          value={chosen}
          getOptionLabel={(vendor) => vendor.Name}
          isOptionEqualToValue={(option, value) => option.Id === value.Id}
          onChange={(_event, picked) => onChange({ ...filter, VendorAccountIds: picked.map((vendor) => vendor.Id) })}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('pricelists.propagation.vendors')}
              placeholder={chosen.length === 0 ? t('pricelists.propagation.allVendors') : undefined}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `propagation-vendors-${index}` } }}
            />
          )}
          sx={{ minWidth: 260, flex: 2 }}
        />
        {tagsInput(t('pricelists.propagation.includedTags'), filter.IncludedTags, tags, (picked) => onChange({ ...filter, IncludedTags: picked }), `propagation-included-${index}`)}
        {tagsInput(t('pricelists.propagation.excludedTags'), filter.ExcludedTags, tags, (picked) => onChange({ ...filter, ExcludedTags: picked }), `propagation-excluded-${index}`)}
        <IconButton aria-label={t('pricelists.propagation.removeFilter')} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
