import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setFieldProperty, type FieldAt, type LayoutJson, type LayoutJsonField } from './layout-edit';

/** VisibleWhen as "shown when <field> equals <value>": it names other fields of the layout, which a schema alone cannot offer. */
export function ConditionEditor({ layout, at, field, onChange }: { layout: LayoutJson; at: FieldAt; field: LayoutJsonField; onChange(layout: LayoutJson, select?: FieldAt): void }) {
  const { t } = useTranslation();
  const set = (value: unknown) => onChange(setFieldProperty(layout, at, 'VisibleWhen', value), at);
  const names = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((entry) => entry.Name))).filter((name) => name !== field.Name);
  const condition = (field.VisibleWhen ?? undefined) as { Field?: string; Equals?: unknown } | undefined;
  const simple = !condition || ('Field' in condition && 'Equals' in condition && Object.keys(condition).length === 2);
  return (
    <>
      <Typography variant="subtitle2">{t('studio.structure.visibleWhen')}</Typography>
      {simple ? (
        <Stack direction="row" spacing={1}>
          <TextField
            select
            size="small"
            sx={{ flex: 1 }}
            label={t('studio.structure.conditionField')}
            value={condition?.Field ?? ''}
            onChange={(event) => set(event.target.value ? { Field: event.target.value, Equals: condition?.Equals ?? true } : undefined)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-condition-field' } as object } }}
          >
            <MenuItem value="">{t('studio.structure.always')}</MenuItem>
            {names.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            sx={{ flex: 1 }}
            label={t('studio.structure.conditionEquals')}
            disabled={!condition}
            value={condition ? JSON.stringify(condition.Equals) : ''}
            helperText={t('studio.structure.conditionHelp')}
            onChange={(event) => {
              let value: unknown = event.target.value;
              try {
                value = JSON.parse(event.target.value);
              } catch {
                // Plain text stays a string.
              }
              if (condition?.Field) set({ Field: condition.Field, Equals: value });
            }}
          />
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('studio.structure.complexCondition')}
        </Typography>
      )}
    </>
  );
}
