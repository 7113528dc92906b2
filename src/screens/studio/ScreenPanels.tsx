import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CapabilityObjectTypes } from '../../../contract/capabilities';
import {
  accessOf,
  MENU_GROUPS,
  menuOf,
  moveItem,
  removeItem,
  titleTexts,
  withAccess,
  withColumnHidden,
  withMenu,
  withTitle,
  type ScreenJson,
  type ScreenList,
  type TextRef,
} from '../../../engine/studio/screen-panels';
import { TextsPerLanguage } from './TextsPerLanguage';

interface Props {
  screen: ScreenJson;
  onChange(screen: ScreenJson): void;
}

/** A list screen's properties without JSON: title per language, who may open it, its menu entry, its columns, filters and actions. */
export function ScreenPanels({ screen, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? 'en').split('-')[0];
  const textOf = (ref: TextRef | undefined, fallback: string) => (typeof ref === 'object' && ref ? (ref[locale] ?? ref.en) : ref && i18n.exists(ref) ? t(ref) : fallback);
  const access = accessOf(screen);
  return (
    <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="studio-screen-panels">
      <Typography variant="subtitle2">{t('studio.panels.title')}</Typography>
      {typeof screen.title === 'string' && <Typography variant="caption" color="text.secondary">{t('studio.panels.titleFromKey', { text: textOf(screen.title, screen.title) })}</Typography>}
      <TextsPerLanguage label={t('studio.panels.title')} texts={titleTexts(screen.title)} onChange={(code, text) => onChange(withTitle(screen, { [code]: text }))} testId="studio-screen-title" />
      <Autocomplete
        multiple
        options={CapabilityObjectTypes}
        value={access as (typeof CapabilityObjectTypes)[number][]}
        // An empty access would let every user in: the last capability stays until another is chosen.
        onChange={(_event, value) => value.length > 0 && onChange(withAccess(screen, value))}
        getOptionLabel={(objectType) => t(`capabilityTypes.${objectType}`, { defaultValue: objectType })}
        renderInput={(params) => (
          <TextField {...params} size="small" label={t('studio.create.access')} helperText={t('studio.create.accessHelp')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'studio-screen-access' } }} />
        )}
      />
      <TextField select size="small" label={t('studio.create.menu')} value={menuOf(screen)} onChange={(event) => onChange(withMenu(screen, event.target.value))} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-screen-menu' } as object } }}>
        {['', ...MENU_GROUPS].map((group) => (
          <MenuItem key={group} value={group}>
            {t(`studio.create.menuGroups.${group || 'none'}`)}
          </MenuItem>
        ))}
      </TextField>
      {(['columns', 'filters', 'actions'] as const).map((list) => (
        <ItemList key={list} screen={screen} list={list} textOf={textOf} onChange={onChange} />
      ))}
    </Stack>
  );
}

function ItemList({ screen, list, textOf, onChange }: Props & { list: ScreenList; textOf(ref: TextRef | undefined, fallback: string): string }) {
  const { t } = useTranslation();
  const items = (screen[list] ?? []) as { field?: string; id?: string; label?: TextRef; hidden?: boolean }[];
  if (items.length === 0) return null;
  return (
    <Box data-testid={`studio-screen-${list}`}>
      <Typography variant="subtitle2">{t(`studio.panels.${list}`)}</Typography>
      {items.map((item, index) => {
        const name = item.field ?? item.id ?? String(index);
        const text = textOf(item.label, name);
        return (
          <Stack key={`${name}-${index}`} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            {list === 'columns' && (
              <Checkbox
                size="small"
                checked={!item.hidden}
                onChange={(event) => onChange(withColumnHidden(screen, index, !event.target.checked))}
                slotProps={{ input: { 'aria-label': t('studio.panels.shown', { name: text }) } }}
              />
            )}
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
            <IconButton size="small" disabled={index === 0} aria-label={t('studio.structure.moveUp')} onClick={() => onChange(moveItem(screen, list, index, -1))}>
              <ArrowUpwardIcon fontSize="inherit" />
            </IconButton>
            <IconButton size="small" disabled={index === items.length - 1} aria-label={t('studio.structure.moveDown')} onClick={() => onChange(moveItem(screen, list, index, 1))}>
              <ArrowDownwardIcon fontSize="inherit" />
            </IconButton>
            <IconButton size="small" disabled={list === 'columns' && items.length === 1} aria-label={t('studio.structure.remove')} onClick={() => onChange(removeItem(screen, list, index))}>
              <DeleteIcon fontSize="inherit" />
            </IconButton>
          </Stack>
        );
      })}
    </Box>
  );
}
