import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { DefinitionKind, DefinitionSummary } from '../../../contract/services/studio';
import { CapabilityObjectTypes, type CapabilityObjectType } from '../../../contract/capabilities';
import { LANGUAGE_NAMES, SUPPORTED_LOCALES, type Locale } from '../../i18n/languages';
import { errorText } from './studio-errors';
import { STUDIO_LIST_KEY } from './studio-queries';

const MENU_GROUPS = ['', 'top', 'orders', 'quotes', 'marketplaces', 'administration'] as const;

interface Props {
  definitions: readonly DefinitionSummary[];
  onClose(): void;
  onCreated(kind: DefinitionKind, name: string): void;
}

/**
 * A new layout or screen definition (issue 22): from a template or as a copy of
 * one in reach, its title entered per language. It is saved as version 1 and
 * opens in the editor, to be checked, previewed and published like any edit.
 */
export function NewDefinitionDialog({ definitions, onClose, onCreated }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['studio', 'templates'], queryFn: ({ signal }) => callService('Studio', 'ListDefinitionTemplates', {}, { signal }) });
  const [from, setFrom] = useState<'template' | 'copy'>('template');
  const [template, setTemplate] = useState('');
  const [copyOf, setCopyOf] = useState('');
  const [name, setName] = useState('');
  const [title, setTitle] = useState<Record<string, string>>({});
  const [allLanguages, setAllLanguages] = useState(false);
  const [products, setProducts] = useState<string[]>([]);
  const [dataSourceOf, setDataSourceOf] = useState('');
  const [menuGroup, setMenuGroup] = useState('');
  const [access, setAccess] = useState<CapabilityObjectType[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const chosen = templates.data?.find((entry) => entry.Id === template);
  const copied = definitions.find((entry) => `${entry.Kind}:${entry.Name}` === copyOf);
  const kind: DefinitionKind | undefined = from === 'template' ? chosen?.Kind : copied?.Kind;
  const prefix = chosen?.Needs.includes('products') || (from === 'copy' && copied?.Name.startsWith('products/')) ? 'products/' : '';
  const editorLanguage = (i18n.resolvedLanguage ?? 'en').split('-')[0];
  const languages: string[] = allLanguages ? [...SUPPORTED_LOCALES] : [...new Set(['en', editorLanguage])];
  const screens = definitions.filter((entry) => entry.Kind === 'screen');
  // A new list is shown to nobody until its access is chosen: the dialog asks before it creates one.
  const needsAccess = from === 'template' && chosen?.Needs.includes('access') === true;

  const create = async () => {
    if (!kind) return;
    setBusy(true);
    setError('');
    try {
      const texts = Object.fromEntries(Object.entries(title).filter(([, text]) => text.trim()));
      const fullName = `${prefix}${name}`;
      await callService('Studio', 'CreateDefinition', {
        kind,
        name: fullName,
        ...(from === 'template' ? { template } : { copyOf: { name: copied!.Name } }),
        ...(Object.keys(texts).length ? { title: texts } : {}),
        ...(products.length ? { products } : {}),
        ...(chosen?.Needs.includes('dataSource') ? { dataSourceOf } : {}),
        ...(menuGroup && chosen?.Kind === 'screen' ? { menuGroup: menuGroup as 'top' } : {}),
        ...(needsAccess ? { access } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: STUDIO_LIST_KEY });
      onCreated(kind, fullName);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="studio-new-dialog">
      <DialogTitle>{t('studio.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup exclusive size="small" value={from} onChange={(_event, value: 'template' | 'copy' | null) => value && setFrom(value)}>
            <ToggleButton value="template" data-testid="studio-new-from-template">{t('studio.create.fromTemplate')}</ToggleButton>
            <ToggleButton value="copy" data-testid="studio-new-from-copy">{t('studio.create.fromCopy')}</ToggleButton>
          </ToggleButtonGroup>
          {from === 'template' ? (
            <TextField select label={t('studio.create.template')} value={template} onChange={(event) => setTemplate(event.target.value)} data-testid="studio-new-template">
              {(templates.data ?? []).map((entry) => (
                <MenuItem key={entry.Id} value={entry.Id} data-testid={`studio-template-${entry.Id}`}>
                  {t(`studio.create.templates.${entry.Id}`, { defaultValue: entry.Id })}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField select label={t('studio.create.copyOf')} value={copyOf} onChange={(event) => setCopyOf(event.target.value)} data-testid="studio-new-copy">
              {definitions.map((entry) => (
                <MenuItem key={`${entry.Kind}:${entry.Name}`} value={`${entry.Kind}:${entry.Name}`}>
                  {entry.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('studio.create.name')}
            value={name}
            onChange={(event) => setName(event.target.value.toLowerCase())}
            helperText={t('studio.create.nameHelp')}
            slotProps={{ input: { startAdornment: prefix ? <Typography color="text.secondary">{prefix}</Typography> : undefined }, htmlInput: { 'data-testid': 'studio-new-name' } }}
          />
          <Typography variant="subtitle2">{t('studio.create.titlePerLanguage')}</Typography>
          {languages.map((code) => (
            <TextField
              key={code}
              size="small"
              label={t('studio.create.titleIn', { language: LANGUAGE_NAMES[code as Locale] ?? code })}
              required={code === 'en'}
              value={title[code] ?? ''}
              onChange={(event) => setTitle((current) => ({ ...current, [code]: event.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': `studio-new-title-${code}` } }}
            />
          ))}
          {!allLanguages && (
            <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setAllLanguages(true)}>
              {t('studio.create.allLanguages')}
            </Button>
          )}
          {chosen?.Needs.includes('products') && (
            <Autocomplete
              multiple
              freeSolo
              options={[]}
              value={products}
              onChange={(_event, value) => setProducts(value)}
              renderInput={(params) => <TextField {...params} label={t('studio.create.products')} helperText={t('studio.create.productsHelp')} data-testid="studio-new-products" />}
            />
          )}
          {chosen?.Needs.includes('dataSource') && (
            <TextField select label={t('studio.create.dataSource')} value={dataSourceOf} onChange={(event) => setDataSourceOf(event.target.value)} data-testid="studio-new-data-source">
              {screens.map((entry) => (
                <MenuItem key={entry.Name} value={entry.Name}>
                  {entry.Name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {chosen?.Kind === 'screen' && (
            <TextField select label={t('studio.create.menu')} value={menuGroup} onChange={(event) => setMenuGroup(event.target.value)} data-testid="studio-new-menu">
              {MENU_GROUPS.map((group) => (
                <MenuItem key={group} value={group}>
                  {t(`studio.create.menuGroups.${group || 'none'}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {needsAccess && (
            <Autocomplete
              multiple
              options={CapabilityObjectTypes}
              value={access}
              onChange={(_event, value) => setAccess(value)}
              getOptionLabel={(objectType) => t(`capabilityTypes.${objectType}`, { defaultValue: objectType })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  required
                  label={t('studio.create.access')}
                  helperText={t('studio.create.accessHelp')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'studio-new-access' } }}
                />
              )}
            />
          )}
          {error && (
            <Alert severity="error" data-testid="studio-new-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy || !kind || !name || !title.en?.trim() || (needsAccess && access.length === 0)} onClick={() => void create()} data-testid="studio-new-create">
          {t('studio.create.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
