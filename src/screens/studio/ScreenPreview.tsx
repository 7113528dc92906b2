import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../../engine/grids';
import { DefinedGrid } from '../../../renderers/grids';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';

/**
 * A screen-definition draft rendered by <DefinedGrid> against the real data
 * source with the author's own capabilities and company (what the screen would
 * show them once published). Only a source that passes its checks is drawn.
 */
export function ScreenPreview({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const definition = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ScreenDefinition)), [source]);
  return (
    <Box data-testid="studio-screen-preview" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('studio.preview.title')}
      </Typography>
      {!definition && <Alert severity="warning">{t('studio.preview.fixProblems')}</Alert>}
      {definition && user && (
        <DefinedGrid
          key={source}
          definition={definition}
          context={{ accountId: user.CompanyAccount?.AccountId }}
          capabilities={user.Capability}
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
