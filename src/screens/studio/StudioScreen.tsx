import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import type { DefinitionKind, DefinitionSummary } from '../../../contract/services/studio';
import { meetsRequirements } from '../../router/guard';
import { useCurrentUser } from '../../session/current-user';
import { confirmDiscardChanges } from '../../shell/unsaved-changes';
import { DefinitionEditor } from './DefinitionEditor';
import { NewDefinitionDialog } from './NewDefinitionDialog';
import { RetireDefinition } from './RetireDefinition';
import { errorText } from './studio-errors';
import { useDefinition, useDefinitionList } from './studio-queries';

const STATE_COLOR = { file: 'default', draft: 'warning', review: 'info', published: 'success', retired: 'default' } as const;

/** /studio — the definition studio (DEFINITION_STUDIO Read): every layout, screen definition and report, and the editor of one. */
export default function StudioScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const { data: user } = useCurrentUser();
  const list = useDefinitionList();
  const kind = (['screen', 'report'].includes(params.get('kind') ?? '') ? params.get('kind') : 'layout') as DefinitionKind;
  const name = params.get('name') ?? undefined;
  const canEdit = meetsRequirements(user?.Capability ?? [], [{ ObjectType: 'DEFINITION_STUDIO', Execute: true }]);
  // Another definition is another search, not another route: the editor's unsaved work is asked about here.
  const dirty = useRef(false);
  const open = async (next: { kind: string; name: string }) => {
    if (dirty.current && !(await confirmDiscardChanges(t))) return;
    dirty.current = false;
    setParams(next);
  };

  // A title is a text key (shown as its text in the editor's language) or already a text.
  const titleText = (title: string) => (title && i18n.exists(title) ? t(title) : title);
  // A draft newer than what is served (after a rollback, or an edit not yet published) says which version is served.
  const stateLabel = (entry: DefinitionSummary) => {
    // A definition created in the studio has no file: until its first publication nothing is served.
    const nothingServed = entry.Created && entry.PublishedVersion === 0;
    if (entry.State !== 'draft' || entry.PublishedVersion === entry.LatestVersion || nothingServed) return t(`studio.state.${entry.State}`, { version: entry.PublishedVersion });
    const served = { version: entry.PublishedVersion, latest: entry.LatestVersion };
    return entry.PublishedVersion === 0 ? t('studio.state.draftServingFile', served) : t('studio.state.draftServing', served);
  };
  const selected = list.data?.find((entry) => entry.Kind === kind && entry.Name === name);
  const group = (entries: DefinitionSummary[], which: DefinitionKind) => entries.filter((entry) => entry.Kind === which);
  return (
    // On a phone the list stands above the editor: beside it, the editor was squeezed to a sliver.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }} data-testid="studio">
      <Paper variant="outlined" sx={{ maxHeight: { md: 'calc(100vh - 140px)' }, overflow: 'auto' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, gap: 1 }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {t('studio.title')}
          </Typography>
          {canEdit && (
            <Button size="small" startIcon={<AddIcon />} onClick={() => void (dirty.current ? confirmDiscardChanges(t) : Promise.resolve(true)).then((discard) => discard && setCreating(true))} data-testid="studio-new">
              {t('studio.create.new')}
            </Button>
          )}
        </Box>
        {list.error && <Alert severity="error">{errorText(list.error, t)}</Alert>}
        {(['layout', 'screen', 'report'] as const).map((which) => (
          <List key={which} dense subheader={<ListSubheader>{t(which === 'layout' ? 'studio.layouts' : which === 'screen' ? 'studio.screens' : 'studio.reports')}</ListSubheader>}>
            {group(list.data ?? [], which).map((entry) => (
              // A list's entries are <li> (axe: list); the button is inside.
              <ListItem key={entry.Name} disablePadding>
                <ListItemButton
                  selected={entry.Kind === kind && entry.Name === name}
                  onClick={() => void open({ kind: entry.Kind, name: entry.Name })}
                  data-testid={`studio-item-${entry.Name}`}
                >
                  <ListItemText
                    primary={entry.Name}
                    secondary={entry.Products.length ? entry.Products.join(', ') : titleText(entry.Title)}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                  <Chip size="small" color={STATE_COLOR[entry.State]} label={stateLabel(entry)} sx={{ ml: 1 }} data-testid={`studio-state-${entry.Name}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ))}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
        {selected?.Created && canEdit && <RetireDefinition summary={selected} />}
        {name ? (
          <LoadedEditor key={`${kind}:${name}`} kind={kind} name={name} canEdit={canEdit} onDirtyChange={(value) => {
              dirty.current = value;
            }} />
        ) : (
          <Alert severity="info">{t('studio.pick')}</Alert>
        )}
      </Paper>
      {creating && list.data && (
        <NewDefinitionDialog
          definitions={list.data}
          onClose={() => setCreating(false)}
          onCreated={(newKind, newName) => {
            setCreating(false);
            dirty.current = false;
            setParams({ kind: newKind, name: newName });
          }}
        />
      )}
    </Box>
  );
}

function LoadedEditor({ kind, name, canEdit, onDirtyChange }: { kind: DefinitionKind; name: string; canEdit: boolean; onDirtyChange(dirty: boolean): void }) {
  const { t } = useTranslation();
  const definition = useDefinition(kind, name);
  if (definition.error) return <Alert severity="error">{errorText(definition.error, t)}</Alert>;
  if (!definition.data) return <PageSpinner />;
  return <DefinitionEditor loaded={definition.data} canEdit={canEdit} onDirtyChange={onDirtyChange} />;
}
