import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../../engine/grids';
import { DefinedGrid } from '../../../renderers/grids';
import { callService } from '../../api';
import type { Capability } from '../../contract/capabilities';
import { withImpliedCapabilities } from '../../contract/capability-implications';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { LinesPreview } from './LinesPreview';

/**
 * A screen-definition draft rendered by <DefinedGrid> against the real data
 * source with the author's own capabilities and company (what the screen would
 * show them once published), or as a chosen role: its columns, filters and
 * actions as that role's capabilities give them (the rows still come with the
 * author's reach). Only a source that passes its checks is drawn.
 */
export function ScreenPreview({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const definition = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ScreenDefinition)), [source]);
  const roles = useQuery({ queryKey: ['studio', 'previewRoles'], queryFn: ({ signal }) => callService('Studio', 'ListPreviewRoles', {}, { signal }), staleTime: Infinity });
  const [roleId, setRoleId] = useState<number | ''>('');
  const role = roles.data?.find((entry) => entry.Id === roleId);
  const capabilities = useMemo(() => (role ? withImpliedCapabilities(role.Capabilities as Capability[]) : user?.Capability), [role, user?.Capability]);
  return (
    <Box data-testid="studio-screen-preview" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('studio.preview.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('studio.preview.role')}
          value={roleId}
          onChange={(event) => setRoleId(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'studio-screen-preview-role' } }}
        >
          <MenuItem value="">{t('studio.preview.yourself')}</MenuItem>
          {(roles.data ?? []).map((entry) => (
            <MenuItem key={entry.Id} value={entry.Id} data-testid={`studio-preview-role-${entry.Id}`}>
              {entry.Name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!definition && <Alert severity="warning">{t('studio.preview.fixProblems')}</Alert>}
      {definition?.lineEditor && user && <LinesPreview key={`${source}:${roleId}`} definition={definition} capabilities={capabilities ?? user.Capability} />}
      {definition && !definition.lineEditor && user && (
        <DefinedGrid
          key={`${source}:${roleId}`}
          definition={definition}
          context={{ accountId: user.CompanyAccount?.AccountId }}
          capabilities={capabilities ?? user.Capability}
          userId={user.UserAccountId}
          callService={gridServiceCaller}
          onError={(text) => showError(text)}
          onSuccess={(text) => showSuccess(text)}
          height={420}
        />
      )}
    </Box>
  );
}
