import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { optionRows, withOptions, type OptionRow } from '../../../engine/studio/layout-panels';
import type { FieldAt, LayoutJson, LayoutJsonField } from '../../../engine/studio/layout-edit';
import { TextsPerLanguage } from './TextsPerLanguage';

interface Props {
  layout: LayoutJson;
  at: FieldAt;
  field: LayoutJsonField;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/** A dropdown's options: each value with its text per language (written into the layout's own texts). */
export function OptionsPanel({ layout, at, field, onChange }: Props) {
  const { t } = useTranslation();
  const rows = optionRows(layout, field);
  const write = (next: OptionRow[]) => onChange(withOptions(layout, at, next), at);
  const freeValue = () => {
    const used = new Set(rows.map((row) => row.value));
    for (let index = rows.length + 1; ; index++) if (!used.has(`option${index}`)) return `option${index}`;
  };
  return (
    <Stack spacing={1} data-testid="studio-options">
      <Typography variant="subtitle2">{t('studio.panels.options')}</Typography>
      {rows.map((row, index) => (
        <Box key={`${row.value}-${index}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`studio-option-${index}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <TextField
              size="small"
              label={t('studio.panels.optionValue')}
              defaultValue={row.value}
              // The value is the option's identity (its text key goes with it): changed when the input is left.
              onBlur={(event) => event.target.value.trim() && event.target.value !== row.value && write(rows.map((entry, at) => (at === index ? { ...entry, value: event.target.value.trim() } : entry)))}
              slotProps={{ htmlInput: { 'data-testid': `studio-option-value-${index}` } }}
            />
            <IconButton size="small" aria-label={t('studio.panels.removeOption', { value: row.value })} onClick={() => write(rows.filter((_entry, at) => at !== index))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
          <TextsPerLanguage
            label={t('studio.panels.optionText')}
            texts={row.texts}
            onChange={(locale, text) => write(rows.map((entry, at) => (at === index ? { ...entry, texts: { ...entry.texts, [locale]: text } } : entry)))}
            testId={`studio-option-text-${index}`}
          />
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={() => write([...rows, { value: freeValue(), texts: {} }])} data-testid="studio-option-add">
        {t('studio.panels.addOption')}
      </Button>
    </Stack>
  );
}
