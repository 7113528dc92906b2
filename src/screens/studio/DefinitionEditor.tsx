import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenDefinitionJsonSchema } from '../../../engine/grids/json-schema';
import { reportDefinitionJsonSchema } from '../../../engine/reports/report-definition';
import { callService } from '../../api';
import type { DefinitionKind, DefinitionVersion } from '../../../contract/services/studio';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { JsonView } from './JsonView';
import { isLayoutJson, type FieldAt, type LayoutJson } from '../../../engine/studio/layout-edit';
import { LayoutPreview } from './LayoutPreview';
import { ReviewBar, reviewStateKey } from './ReviewBar';
import { ScreenPreview } from './ScreenPreview';
import { ReportPreview } from './ReportPreview';
import { VersionDiff } from './VersionDiff';
import { StructureView } from './StructureView';
import { ScreenPanels } from './ScreenPanels';
import { isScreenJson, type ScreenJson } from '../../../engine/studio/screen-panels';
import { errorText } from './studio-errors';
import { STUDIO_LIST_KEY, studioDefinitionKey, studioVersionsKey, useDefinitionVersions, useLayoutSchema } from './studio-queries';
import { formatDateTime } from '../../i18n/format';

/** Waits until the value has not changed for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

interface Props {
  loaded: DefinitionVersion;
  canEdit: boolean;
  /** Whether the source has changes not saved as a draft (the studio asks before opening another definition). */
  onDirtyChange?(dirty: boolean): void;
}

/** One definition: structure and JSON views of one source, its checks as you type, save, publish, versions, preview. */
export function DefinitionEditor({ loaded, canEdit, onDirtyChange }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const kind: DefinitionKind = loaded.Kind;
  const name = loaded.Name;
  const [source, setSource] = useState(loaded.Source);
  const [base, setBase] = useState(loaded.LatestVersion);
  // Layouts open on their structure, list screens on their property panels (issue 33: no JSON for a product owner's work).
  const [view, setView] = useState<'structure' | 'json'>(kind === 'report' ? 'json' : 'structure');
  const [selected, setSelected] = useState<FieldAt>();
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const savedSource = useMemo(() => (loaded.Version === base ? loaded.Source : undefined), [loaded, base]);
  const [lastSaved, setLastSaved] = useState<string | undefined>(savedSource);
  const dirty = source !== lastSaved;
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const checkedSource = useSettled(source, 250);
  const check = useQuery({
    queryKey: ['studio', 'check', kind, name, checkedSource],
    queryFn: ({ signal }) => callService('Studio', 'CheckDefinition', { kind, name, source: checkedSource }, { signal }),
    retry: false,
  });
  const problems = useMemo(() => check.data ?? [], [check.data]);
  const checking = check.isFetching || checkedSource !== source;
  const clean = !checking && problems.length === 0;

  const affected = useQuery({
    queryKey: ['studio', 'affected', name, checkedSource],
    queryFn: ({ signal }) => callService('Studio', 'CountAffectedAccounts', { name, source: checkedSource }, { signal }),
    enabled: kind === 'layout' && clean,
    retry: false,
  });

  const layoutSchema = useLayoutSchema();
  const schema = useMemo(() => (kind === 'layout' ? (layoutSchema.data as object | undefined) : kind === 'report' ? (reportDefinitionJsonSchema() as object) : (screenDefinitionJsonSchema() as object)), [kind, layoutSchema.data]);
  const versions = useDefinitionVersions(kind, name);
  // The structure view hands over the edited object; only JSON typed in the JSON view is parsed (after a short pause),
  // so a structure edit is one render of the editor, not two.
  const [edited, setEdited] = useState<{ source: string; layout: LayoutJson }>();
  const typedSource = useSettled(edited?.source === source ? undefined : source, 120);
  const layout = useMemo(() => {
    if (edited?.source === source || typedSource === undefined) return edited?.layout;
    const value = parse(typedSource);
    return isLayoutJson(value) ? value : undefined;
  }, [edited, source, typedSource]);
  const [compare, setCompare] = useState<number[]>([]);
  const toggleCompare = (version: number) =>
    setCompare((chosen) => (chosen.includes(version) ? chosen.filter((entry) => entry !== version) : [...chosen, version].slice(-2)));

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: STUDIO_LIST_KEY }),
      queryClient.invalidateQueries({ queryKey: studioVersionsKey(kind, name) }),
      queryClient.invalidateQueries({ queryKey: reviewStateKey(kind, name) }),
    ]);
  };

  async function act<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setFailure(undefined);
    try {
      return await work();
    } catch (error) {
      setFailure(errorText(error, t));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    act(async () => {
      const saved = await callService('Studio', 'SaveDefinitionDraft', { kind, name, baseVersion: base, source, comment: comment || null });
      setBase(saved.Version);
      setLastSaved(source);
      setComment('');
      await refresh();
      showSuccess(t('studio.saved', { version: saved.Version }));
      return saved.Version;
    });

  /** What publishing changes, in words: for a layout the accounts that use it (count and names, from the server). */
  const publishConfirmText = async () => {
    if (kind !== 'layout') return t('studio.publishConfirm.screen');
    const usage = await callService('Studio', 'GetLayoutUsage', { name, source });
    const names = usage.Accounts.map((account) => account.Name);
    const lines = [
      usage.Count === 0 ? t('studio.publishConfirm.noAccounts') : t('studio.publishConfirm.accounts', { count: usage.Count }),
      names.length > 0 ? t('studio.publishConfirm.names', { names: names.join(', ') + (usage.Count > names.length ? ', …' : '') }) : '',
      affected.data && affected.data.Count > 0
        ? t('studio.publishConfirm.refused', { count: affected.data.Count, fields: affected.data.Reasons.map((reason) => reason.Field).join(', ') })
        : '',
    ];
    return lines.filter(Boolean).join('\n');
  };

  const confirmPublish = async (): Promise<boolean> => {
    try {
      const text = await publishConfirmText();
      await confirm({ title: t('studio.publishConfirm.title', { name }), text, confirmLabel: t('studio.publish'), width: 520 });
      return true;
    } catch (error) {
      if (isConfirmCancelled(error)) return false;
      setFailure(errorText(error, t));
      return false;
    }
  };

  const publish = async () => {
    if (!(await confirmPublish())) return;
    await act(async () => {
      let version = base;
      if (dirty) {
        const saved = await callService('Studio', 'SaveDefinitionDraft', { kind, name, baseVersion: base, source, comment: comment || null });
        version = saved.Version;
        setBase(version);
        setLastSaved(source);
      }
      await callService('Studio', 'PublishDefinition', { kind, name, version, comment: comment || null });
      setComment('');
      await refresh();
      showSuccess(t('studio.published', { version }));
    });
  };

  const rollback = (version: number) =>
    act(async () => {
      await callService('Studio', 'RollbackDefinition', { kind, name, version });
      // The editor and its preview show what is served now; saving it makes it the newest draft again.
      const served = await callService('Studio', 'GetDefinition', { kind, name, version });
      setEdited(undefined);
      setSource(served.Source);
      await refresh();
      showSuccess(t('studio.rolledBack', { version }));
    });

  const reload = () =>
    act(async () => {
      const latest = await callService('Studio', 'GetDefinition', { kind, name });
      queryClient.setQueryData(studioDefinitionKey(kind, name), latest);
      setSource(latest.Source);
      setBase(latest.LatestVersion);
      setLastSaved(latest.Source);
    });

  const screenJson = useMemo(() => {
    if (kind !== 'screen') return undefined;
    const value = parse(source);
    return isScreenJson(value) ? value : undefined;
  }, [kind, source]);
  const onScreenChange = (next: ScreenJson) => setSource(JSON.stringify(next, null, 2));

  const onLayoutChange = (next: LayoutJson, select?: FieldAt) => {
    const text = JSON.stringify(next, null, 2);
    setEdited({ source: text, layout: next });
    setSource(text);
    if (select) setSelected(select);
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }} data-testid="studio-editor">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {name}
        </Typography>
        <Chip size="small" label={t('studio.baseVersion', { version: base })} />
        {dirty && <Chip size="small" color="warning" label={t('studio.unsaved')} />}
        <Chip
          size="small"
          color={checking ? 'default' : clean ? 'success' : 'error'}
          label={checking ? t('studio.checking') : clean ? t('studio.checksPass') : t('studio.problemCount', { count: problems.length })}
          data-testid="studio-check-state"
        />
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <>
            <TextField size="small" label={t('studio.comment')} value={comment} onChange={(event) => setComment(event.target.value)} sx={{ minWidth: 200 }} />
            <Button variant="outlined" startIcon={<SaveIcon />} disabled={busy || !dirty} onClick={() => void save()} data-testid="studio-save">
              {t('studio.saveDraft')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PublishIcon />}
              disabled={busy || !clean || (!dirty && versions.data?.find((entry) => entry.Version === base)?.Published !== false)}
              onClick={() => void publish()}
              data-testid="studio-publish"
            >
              {t('studio.publish')}
            </Button>
          </>
        )}
      </Stack>
      <ReviewBar kind={kind} name={name} base={base} dirty={dirty} canEdit={canEdit} busy={busy} act={act} onDone={refresh} />
      {failure && (
        <Alert severity="error" data-testid="studio-failure" action={<Button color="inherit" size="small" onClick={() => void reload()}>{t('studio.reload')}</Button>}>
          {failure}
        </Alert>
      )}
      {!clean && !checking && (
        <Alert severity="error" data-testid="studio-problems">
          {t('studio.publishBlocked')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.slice(0, 8).map((problem) => (
              <li key={`${problem.Path}-${problem.Rule}-${problem.Message}`}>
                <code>{problem.Path || '/'}</code> {problem.Message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {clean && affected.data && affected.data.Count > 0 && (
        <Alert severity="warning" data-testid="studio-affected">
          {t('studio.affected', { count: affected.data.Count, fields: affected.data.Reasons.map((reason) => reason.Field).join(', ') })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: kind === 'layout' ? 'minmax(0, 1.1fr) minmax(0, 1fr)' : '1fr', gap: 2 }}>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Tabs value={view} onChange={(_event, value: typeof view) => setView(value)} sx={{ minHeight: 36 }}>
            {kind === 'layout' && <Tab value="structure" label={t('studio.structure.title')} sx={{ minHeight: 36 }} data-testid="studio-tab-structure" />}
            {kind === 'screen' && <Tab value="structure" label={t('studio.panels.properties')} sx={{ minHeight: 36 }} data-testid="studio-tab-structure" />}
            <Tab value="json" label={t('studio.json')} sx={{ minHeight: 36 }} data-testid="studio-tab-json" />
          </Tabs>
          {view === 'structure' && kind === 'screen' && (screenJson ? <ScreenPanels screen={screenJson} onChange={onScreenChange} /> : <Alert severity="warning">{t('studio.structure.unreadable')}</Alert>)}
          {view === 'structure' && kind === 'layout' && layout && <StructureView layout={layout} layoutSchema={layoutSchema.data} selected={selected} problems={problems} onSelect={setSelected} onChange={onLayoutChange} />}
          {view === 'structure' && kind === 'layout' && !layout && <Alert severity="warning">{t('studio.structure.unreadable')}</Alert>}
          {view === 'json' && <JsonView value={source} onChange={setSource} schema={schema} problems={problems} />}
        </Stack>
        {kind === 'layout' && <LayoutPreview name={name} source={clean ? checkedSource : undefined} draft={layout} />}
      </Box>
      {kind === 'screen' && <ScreenPreview source={clean ? checkedSource : undefined} />}
      {kind === 'report' && <ReportPreview name={name} source={clean ? checkedSource : undefined} />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{t('studio.versions.title')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('studio.diff.pick')}
        </Typography>
      </Stack>
      {compare.length === 2 && <VersionDiff kind={kind} name={name} from={Math.min(...compare)} to={Math.max(...compare)} />}
      <List dense disablePadding data-testid="studio-versions">
        {versions.data?.map((entry) => (
          <ListItem
            key={entry.Version}
            secondaryAction={
              canEdit && !entry.Published ? (
                <Button size="small" disabled={busy} onClick={() => void rollback(entry.Version)} data-testid={`studio-rollback-${entry.Version}`}>
                  {entry.Version === 0 ? t('studio.versions.serveFile') : t('studio.versions.serve')}
                </Button>
              ) : undefined
            }
          >
            <Checkbox
              size="small"
              edge="start"
              checked={compare.includes(entry.Version)}
              onChange={() => toggleCompare(entry.Version)}
              slotProps={{ input: { 'aria-label': t('studio.diff.choose', { version: entry.Version }), 'data-testid': `studio-compare-${entry.Version}` } as object }}
            />
            <ListItemText
              primary={
                <>
                  {entry.Version === 0 ? t('studio.versions.file') : t('studio.versions.version', { version: entry.Version })}
                  {entry.Published && <Chip size="small" color="primary" label={t('studio.versions.served')} sx={{ ml: 1 }} />}
                  {entry.Review && <Chip size="small" color={entry.Review === 'pending' ? 'info' : 'warning'} label={t(`studio.review4.${entry.Review}`)} sx={{ ml: 1 }} />}
                </>
              }
              secondary={entry.Version === 0 ? undefined : [entry.Author, entry.CreatedAt ? formatDateTime(entry.CreatedAt) : '', entry.Comment].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
