import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { GridRowOpener } from '../business/GridRowOpener';
import { useOnChange, useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { ImportDetailsDrawer, PROGRESS_POLL_MS } from './ImportDetailsDrawer';
import { importTypesFor, isRunning } from './import-types';
import { UploadImportDialog } from './UploadImportDialog';

/**
 * `/provisioning/my-imports` (MY_IMPORTS Read): the imports in reach
 * (screen-definitions/screens/imports.json), an upload dialog, and the details of one
 * import with live progress. While an import runs, the list follows it.
 */
export default function MyImportsScreen() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const types = useMemo(() => (user ? importTypesFor(user.Capability) : []), [user]);
  const [uploading, setUploading] = useState(false);
  const [openId, setOpenId] = useState<number | undefined>();
  const { tick, refresh } = useRefreshTick();

  // Whether anything runs now decides whether the list is read again every 2 s.
  const imports = useQuery({
    queryKey: ['imports', 'running'],
    queryFn: ({ signal }) => callService('Import', 'GetImports', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.some((item) => isRunning(item.Status) && Date.parse(item.ScheduledDate) <= Date.now()) ? PROGRESS_POLL_MS : false),
  });
  // The list reloads when an import changes state (a reload blanks the grid briefly); the open details show every step.
  const progressKey = (imports.data ?? []).map((item) => `${item.Id}:${item.Status}`).join(',');
  useOnChange(progressKey, refresh);
  const context = useMemo(() => ({ tick }), [tick]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('imports.title')}
        </Typography>
        {types.length > 0 && (
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)} data-testid="imports-upload">
            {t('imports.upload.open')}
          </Button>
        )}
      </Box>
      <GridRowOpener onOpen={(rowId) => setOpenId(Number(rowId))}>
        <DefinitionGridScreen name="imports" context={context} showTitle={false} />
      </GridRowOpener>
      {uploading && (
        <UploadImportDialog
          types={types}
          onClose={() => setUploading(false)}
          onStarted={(importId) => {
            setUploading(false);
            showSuccess(t('imports.upload.started'));
            void imports.refetch();
            refresh();
            setOpenId(importId);
          }}
        />
      )}
      {openId !== undefined && (
        <ImportDetailsDrawer
          importId={openId}
          onClose={() => setOpenId(undefined)}
          onChanged={() => {
            void imports.refetch();
          }}
        />
      )}
    </Box>
  );
}
