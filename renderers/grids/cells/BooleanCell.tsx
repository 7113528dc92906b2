import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** Yes/no as an icon with its word for screen readers. */
export function BooleanMark({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return null;
  const label = t(value ? 'grids.yes' : 'grids.no');
  return (
    <Box component="span" role="img" aria-label={label} title={label} sx={{ display: 'inline-flex', alignItems: 'center', color: value ? 'success.main' : 'text.disabled' }}>
      {value ? <CheckIcon fontSize="small" /> : <RemoveIcon fontSize="small" />}
    </Box>
  );
}
