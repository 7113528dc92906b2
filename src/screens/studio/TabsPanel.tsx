import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CapabilityObjectTypes } from '../../../contract/capabilities';
import type { LayoutJson } from '../../../engine/studio/layout-json';
import type { CapabilityFlag } from '../../../engine/studio/layout-panels';
import { tabsOf, tabTitles, withNewTab, withoutTab, withTabMoved, withTabProperty, withTabTitle, type TabJson } from '../../../engine/studio/tab-panels';
import { useDefinitionList } from './studio-queries';
import { TextsPerLanguage } from './TextsPerLanguage';

/** The first tab's empty path (the account's own page) is not renamed. */
const at0 = (index: number, tab: TabJson) => index === 0 && tab.Path === '';

const FLAGS: CapabilityFlag[] = ['Read', 'Execute', 'Create', 'Delete'];

interface Props {
  layout: LayoutJson;
  onChange(layout: LayoutJson): void;
}

/**
 * The account page's tabs of an account type (issue 33): each tab's title per language, the screen
 * definition it draws with the account, who sees it, and its place; tabs are added and removed here. No JSON.
 */
export function TabsPanel({ layout, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const tabs = tabsOf(layout);
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, tabs.length - 1);
  const language = (i18n.resolvedLanguage ?? 'en').split('-')[0];
  const titleOf = (tab: TabJson, at: number) => {
    const own = tabTitles(layout, at);
    return own[language] || own.en || (tab.Label ? t(tab.Label, { defaultValue: '' }) : '') || (tab.Definition ?? tab.Host ?? tab.Path);
  };
  /** Moves a tab and keeps it chosen. */
  const move = (at: number, by: -1 | 1) => {
    onChange(withTabMoved(layout, at, by));
    setSelected(at + by);
  };
  const add = () => {
    onChange(withNewTab(layout, {}, t('studio.tabs.newTab')));
    setSelected(tabs.length);
  };
  return (
    <Stack spacing={1} data-testid="studio-tabs">
      <Typography variant="subtitle2">{t('studio.tabs.title')}</Typography>
      <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {tabs.map((tab, at) => (
          <Stack key={`${tab.Path}-${at}`} direction="row" sx={{ alignItems: 'center' }}>
            <ListItemButton selected={at === index} onClick={() => setSelected(at)} data-testid={`studio-tab-${at}`}>
              <ListItemText primary={titleOf(tab, at)} secondary={tab.Definition ?? tab.Host} />
            </ListItemButton>
            {([
              ['moveUp', UpIcon, at === 0, () => move(at, -1)],
              ['moveDown', DownIcon, at === tabs.length - 1, () => move(at, 1)],
              ['remove', DeleteIcon, tabs.length === 1, () => onChange(withoutTab(layout, at))],
            ] as const).map(([action, Icon, disabled, act]) => (
              <IconButton key={action} size="small" aria-label={t(`studio.tabs.${action}`, { tab: titleOf(tab, at) })} disabled={disabled} onClick={act}>
                <Icon fontSize="small" />
              </IconButton>
            ))}
          </Stack>
        ))}
      </List>
      <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={add} data-testid="studio-tab-add">
        {t('studio.tabs.add')}
      </Button>
      {tabs[index] && <TabEditor key={index} layout={layout} index={index} tab={tabs[index]} onChange={onChange} />}
    </Stack>
  );
}

function TabEditor({ layout, index, tab, onChange }: Props & { index: number; tab: TabJson }) {
  const { t } = useTranslation();
  const definitions = useDefinitionList().data?.filter((entry) => entry.Kind === 'screen' && entry.State !== 'retired') ?? [];
  const requires = tab.Requires ?? [];
  const setRequires = (next: TabJson['Requires']) => onChange(withTabProperty(layout, index, 'Requires', next));
  return (
    <Stack spacing={1.25} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid="studio-tab-editor">
      <TextsPerLanguage label={t('studio.tabs.tabTitle')} texts={tabTitles(layout, index)} onChange={(locale, text) => onChange(withTabTitle(layout, index, { [locale]: text }))} testId="studio-tab-title" />
      <TextField
        size="small"
        label={t('studio.tabs.path')}
        value={tab.Path}
        disabled={at0(index, tab)}
        onChange={(event) => onChange(withTabProperty(layout, index, 'Path', event.target.value.toLowerCase()))}
        slotProps={{ htmlInput: { 'data-testid': 'studio-tab-path' }, input: { startAdornment: <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>/account/…/</Typography> } }}
      />
      {!tab.Host && (
        <TextField select size="small" label={t('studio.tabs.definition')} value={tab.Definition ?? ''} onChange={(event) => onChange(withTabProperty(layout, index, 'Definition', event.target.value))} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-tab-definition' } as object } }}>
          {definitions.map((entry) => (
            <MenuItem key={entry.Name} value={entry.Name}>
              {entry.Title && entry.Title !== entry.Name ? `${t(entry.Title, { defaultValue: entry.Title })} (${entry.Name})` : entry.Name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" color="text.secondary">{t(requires.length ? 'studio.tabs.shownToAny' : 'studio.tabs.shownToAll')}</Typography>
      {requires.map((need, at) => (
        <Stack key={at} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`studio-tab-requires-${at}`}>
          <Autocomplete
            size="small"
            sx={{ flex: 1 }}
            options={CapabilityObjectTypes as readonly string[]}
            value={need.ObjectType}
            disableClearable
            onChange={(_event, value) => setRequires(requires.map((entry, i) => (i === at ? { ...entry, ObjectType: value } : entry)))}
            renderInput={(params) => <TextField {...params} label={t('studio.tabs.capability')} />}
          />
          <TextField select size="small" label={t('studio.tabs.flag')} value={need.Flag} onChange={(event) => setRequires(requires.map((entry, i) => (i === at ? { ...entry, Flag: event.target.value as CapabilityFlag } : entry)))} sx={{ width: 120 }}>
            {FLAGS.map((flag) => (
              <MenuItem key={flag} value={flag}>
                {t(`studio.tabs.flags.${flag}`)}
              </MenuItem>
            ))}
          </TextField>
          <IconButton size="small" aria-label={t('studio.tabs.removeCapability', { capability: need.ObjectType })} onClick={() => setRequires(requires.filter((_entry, i) => i !== at))}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" startIcon={<AddIcon />} sx={{ alignSelf: 'flex-start' }} onClick={() => setRequires([...requires, { ObjectType: CapabilityObjectTypes[0], Flag: 'Read' }])} data-testid="studio-tab-requires-add">
        {t('studio.tabs.addCapability')}
      </Button>
    </Stack>
  );
}
