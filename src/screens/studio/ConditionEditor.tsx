import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setFieldProperty, type FieldAt, type LayoutJson, type LayoutJsonField } from '../../../engine/studio/layout-edit';

type Condition = { Field?: string; Equals?: unknown } | undefined;

/** VisibleWhen as "shown when <field> equals <value>": it names other fields of the layout, which a schema alone cannot offer. */
export function ConditionEditor({ layout, at, field, onChange }: { layout: LayoutJson; at: FieldAt; field: LayoutJsonField; onChange(layout: LayoutJson, select?: FieldAt): void }) {
  // Edits elsewhere (a label typed) leave the names and the condition as they were: the fields below are not drawn again.
  const latest = useRef({ layout, onChange });
  latest.current = { layout, onChange };
  const set = useCallback((value: unknown) => latest.current.onChange(setFieldProperty(latest.current.layout, at, 'VisibleWhen', value), at), [at]);
  const nameList = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((entry) => entry.Name)))
    .filter((name) => name !== field.Name)
    .join('\n');
  const names = useMemo(() => (nameList ? nameList.split('\n') : []), [nameList]);
  return <ConditionFields names={names} condition={(field.VisibleWhen ?? undefined) as Condition} set={set} />;
}

const ConditionFields = memo(function ConditionFields({ names, condition, set }: { names: string[]; condition: Condition; set(value: unknown): void }) {
  const { t } = useTranslation();
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
});
