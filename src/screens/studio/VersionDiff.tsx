import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { DefinitionKind } from '../../../contract/services/studio';
import { errorText } from './studio-errors';

const COLOR = { added: 'success', removed: 'error', changed: 'warning', moved: 'info' } as const;

/** What changed between two versions: fields added, removed, changed (which properties), then every changed JSON path. */
export function VersionDiff({ kind, name, from, to }: { kind: DefinitionKind; name: string; from: number; to: number }) {
  const { t } = useTranslation();
  const diff = useQuery({
    queryKey: ['studio', 'diff', kind, name, from, to],
    queryFn: ({ signal }) => callService('Studio', 'DiffDefinitionVersions', { kind, name, from, to }, { signal }),
    retry: false,
  });
  const label = (version: number) => (version === 0 ? t('studio.versions.file') : t('studio.versions.version', { version }));
  if (diff.error) return <Alert severity="error">{errorText(diff.error, t)}</Alert>;
  if (!diff.data) return null;
  const { FieldsAdded, FieldsRemoved, FieldsChanged, FieldsMoved, Changes } = diff.data;
  const nothing = Changes.length === 0;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="studio-diff">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('studio.diff.title', { from: label(from), to: label(to) })}
      </Typography>
      {nothing && <Typography variant="body2">{t('studio.diff.same')}</Typography>}
      <Stack spacing={0.75}>
        {FieldsAdded.length > 0 && <FieldLine title={t('studio.diff.added')} color="success" names={FieldsAdded} />}
        {FieldsRemoved.length > 0 && <FieldLine title={t('studio.diff.removed')} color="error" names={FieldsRemoved} />}
        {FieldsMoved.length > 0 && <FieldLine title={t('studio.diff.moved')} color="info" names={FieldsMoved} />}
        {FieldsChanged.map((entry) => (
          <Typography key={entry.Field} variant="body2" data-testid="studio-diff-changed">
            <Chip size="small" color="warning" variant="outlined" label={entry.Field} sx={{ mr: 1 }} />
            {t('studio.diff.changedProperties', { properties: entry.Properties.join(', ') })}
          </Typography>
        ))}
      </Stack>
      {!nothing && (
        <Box component="details" sx={{ mt: 1 }}>
          <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2' }}>
            {t('studio.diff.paths', { count: Changes.length })}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflow: 'auto', typography: 'caption' }}>
            {Changes.map((change) => (
              <li key={`${change.Path}-${change.Change}`}>
                <Chip size="small" color={COLOR[change.Change]} label={t(`studio.diff.${change.Change}Path`)} sx={{ mr: 1, height: 18 }} />
                <code>{change.Path || '/'}</code>
                {change.From && ` ${t('studio.diff.movedFrom', { from: change.From })}`}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

const LINE_ID = { success: 'added', error: 'removed', info: 'moved' } as const;

function FieldLine({ title, color, names }: { title: string; color: keyof typeof LINE_ID; names: string[] }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }} data-testid={`studio-diff-${LINE_ID[color]}`}>
      <Typography variant="body2" sx={{ mr: 0.5 }}>
        {title}
      </Typography>
      {names.map((name) => (
        <Chip key={name} size="small" color={color} label={name} />
      ))}
    </Stack>
  );
}
