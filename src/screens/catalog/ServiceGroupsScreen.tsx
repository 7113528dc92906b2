import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { satisfiesCheck } from '../../../engine/shared';
import { callService, isApiError } from '../../api';
import { ExcelUploadButton, ExcelUploadStatus } from '../../components/ExcelUpload';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { readFileAsBase64, saveFileResult } from '../business/files';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

type UploadResult = Awaited<ReturnType<typeof uploadGroups>>;
const uploadGroups = (fileName: string, file: string) =>
  callService('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: fileName, File: file } }, { suppressErrors: true });

/**
 * The service groups tool (`/service-tool/edit-service-groups`, SERVICE_TOOLS
 * Read): the vendor's groups (screen-definitions/screens/service-groups.json, each
 * group's services as its detail rows) and priceable items
 * (Metadata/GetServiceGroupMetadata, GetPriceableItemsMetadata), edited offline
 * in Excel (DownloadServiceGroupExcel, UploadServiceGroupExcel: checked row by
 * row, nothing saved while a row is wrong, each error with its row and column).
 * A caller whose organisation is no vendor (root) gets one explanation on the
 * screen, not a toast per call that would follow it to other pages.
 */
export default function ServiceGroupsScreen() {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const mayUpload = satisfiesCheck(capabilities, { ObjectType: 'SERVICE_TOOLS', Execute: true });
  const groups = useQuery({
    queryKey: ['service-groups'],
    queryFn: ({ signal }) => callService('Metadata', 'GetServiceGroupMetadata', { inputDto: {} }, { signal, suppressErrors: true }),
    retry: false,
  });
  // Asked only once the groups answered: a caller that is no vendor gets its explanation once.
  const items = useQuery({
    queryKey: ['priceable-items'],
    queryFn: ({ signal }) => callService('Metadata', 'GetPriceableItemsMetadata', { inputDto: {} }, { signal, suppressErrors: true }),
    enabled: groups.isSuccess,
    retry: false,
  });
  const notVendor = groups.isError && isApiError(groups.error) && groups.error.status === 400;
  const [result, setResult] = useState<UploadResult | undefined>();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const download = useMutation({
    mutationFn: () => callService('Metadata', 'DownloadServiceGroupExcel', { inputDto: {} }),
    onSuccess: (file) => saveFileResult(file, 'service-groups.xlsx'),
  });
  const upload = useMutation({
    mutationFn: async (file: File) => uploadGroups(file.name, await readFileAsBase64(file)),
    onMutate: () => {
      setResult(undefined);
      setUploadError(undefined);
    },
    onSuccess: (answer) => {
      setResult(answer);
      if (answer.Saved) {
        showSuccess(t('catalog.groups.saved', { count: answer.UpdatedCount }));
        void groups.refetch();
      }
    },
    onError: (error) => setUploadError(error instanceof Error ? error.message : String(error)),
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1280 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h1">
            {t('catalog.groups.title')}
          </Typography>
          {groups.data && (
            <Typography variant="body2" color="text.secondary">
              {groups.data.VendorName}
            </Typography>
          )}
        </Box>
        {!notVendor && (
          <Button variant="outlined" onClick={() => download.mutate()} disabled={download.isPending || !groups.isSuccess} data-testid="groups-download">
            {t('catalog.groups.download')}
          </Button>
        )}
        {mayUpload && groups.isSuccess && (
          <ExcelUploadButton name="groups" label={t('catalog.groups.upload')} variant="contained" disabled={upload.isPending} onFile={(file) => upload.mutate(file)} />
        )}
      </Stack>
      {!notVendor && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('catalog.groups.help')}
        </Typography>
      )}
      <ExcelUploadStatus name="groups" pending={upload.isPending} error={uploadError} gap />
      {result && !result.Saved && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="groups-upload-errors">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('catalog.groups.nothingSaved', { count: result.Errors.length })}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('catalog.groups.row')}</TableCell>
                <TableCell>{t('catalog.groups.column')}</TableCell>
                <TableCell>{t('catalog.groups.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.Errors.map((error) => (
                <TableRow key={`${error.Row}-${error.Column}`}>
                  <TableCell>{error.Row}</TableCell>
                  <TableCell>{error.Column}</TableCell>
                  <TableCell>{error.Message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Alert>
      )}
      {items.data && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="groups-priceable-items">
          <Typography variant="body2" sx={{ alignSelf: 'center' }}>
            {t('catalog.groups.priceableItems')}:
          </Typography>
          {items.data.PriceableItems.map((item) => (
            <Chip key={item.Name} size="small" label={`${item.Name} · ${item.ServicesCount}`} />
          ))}
        </Stack>
      )}
      {groups.isPending && <LinearProgress />}
      {notVendor && (
        <Alert severity="info" data-testid="groups-not-vendor">
          {t('catalog.groups.notVendor')}
        </Alert>
      )}
      {groups.isError && !notVendor && (
        <Alert severity="error" data-testid="groups-load-error">
          {groups.error instanceof Error ? groups.error.message : String(groups.error)}
        </Alert>
      )}
      {groups.isSuccess && <DefinitionGridScreen name="service-groups" showTitle={false} height="max(320px, calc(100vh - 420px))" />}
    </Box>
  );
}
