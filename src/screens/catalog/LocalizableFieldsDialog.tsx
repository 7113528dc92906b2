import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { ExcelUploadButton, ExcelUploadStatus } from '../../components/ExcelUpload';
import { SERVICE_TEXT_LANGUAGES } from '../../../contract/services/catalog-results';
import { LANGUAGE_NAMES, type Locale } from '../../i18n/languages';
import { showSuccess } from '../../messages';
import { readFileAsBase64, saveFileResult } from '../business/files';
import { ServiceImage } from '../../../renderers/grids';

type Preview = Awaited<ReturnType<typeof previewOf>>;
const previewOf = (file: string, serviceName: string, languageCode: string) =>
  callService('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file, serviceName, languageCode }, { suppressErrors: true });

/**
 * One of the vendor's services in the service tool: its facts and the
 * localizable fields round trip — download the texts of a language beside
 * English as Excel, upload the edited file, see what it would change, save.
 */
export function LocalizableFieldsDialog({ serviceName, onClose, onSaved }: { serviceName: string; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const initial = Object.hasOwn(SERVICE_TEXT_LANGUAGES, i18n.language) ? i18n.language : 'de';
  const [language, setLanguage] = useState(initial);
  const [preview, setPreview] = useState<Preview | undefined>();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const service = useQuery({
    queryKey: ['service-tool-service', serviceName],
    queryFn: ({ signal }) => callService('ServiceManagement', 'GetService', { serviceName }, { signal }),
  });
  const exportFile = useMutation({
    mutationFn: () => callService('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: language }),
    onSuccess: (file) => saveFileResult(file, `${serviceName}-${language}.xlsx`),
  });
  const upload = useMutation({
    mutationFn: async (file: File) => previewOf(await readFileAsBase64(file), serviceName, language),
    onMutate: () => {
      setUploadError(undefined);
      setPreview(undefined);
    },
    onSuccess: setPreview,
    onError: (error) => setUploadError(error instanceof Error ? error.message : String(error)),
  });
  const save = useMutation({
    mutationFn: (changes: Preview) =>
      callService('ServiceManagement', 'SaveServiceLocalizableFields', {
        serviceName,
        languageCode: changes.LanguageCode,
        fields: changes.Fields.filter((field) => field.Changed).map((field) => ({ Field: field.Field as 'DisplayName', Value: field.Updated })),
      }),
    onSuccess: () => {
      showSuccess(t('catalog.fields.saved'));
      setPreview(undefined);
      void service.refetch();
      onSaved();
    },
  });
  const details = service.data;
  const languageName = (code: string) => LANGUAGE_NAMES[code as Locale] ?? SERVICE_TEXT_LANGUAGES[code] ?? code;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="service-tool-dialog">
      <DialogTitle>
        {details ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <ServiceImage icon={details.Service.Icon} name={details.Service.DisplayName} size={40} />
            <Box>
              <Typography variant="h6" component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
                {details.Service.DisplayName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {details.Service.Name} · {details.Service.ServiceGroup}
              </Typography>
            </Box>
          </Stack>
        ) : (
          serviceName
        )}
      </DialogTitle>
      <DialogContent dividers>
        {!details && <LinearProgress />}
        {details && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Chip label={t('catalog.tool.subscriptionsCount', { count: details.SubscriptionsCount })} />
              <Chip label={t('catalog.tool.pricelistsCount', { count: details.PricelistsCount })} />
              <Chip label={`${t('catalog.tool.translated')}: ${details.Languages.map((code) => code.toUpperCase()).join(', ') || '—'}`} />
            </Stack>
            <Typography variant="subtitle1" component="h3">
              {t('catalog.fields.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('catalog.fields.help')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                select
                size="small"
                label={t('catalog.fields.language')}
                value={language}
                onChange={(event) => {
                  setLanguage(event.target.value);
                  setPreview(undefined);
                  setUploadError(undefined);
                }}
                sx={{ minWidth: 200 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'fields-language' } as object } }}
              >
                {Object.keys(SERVICE_TEXT_LANGUAGES).map((code) => (
                  <MenuItem key={code} value={code} data-testid={`fields-language-${code}`}>
                    {languageName(code)}
                  </MenuItem>
                ))}
              </TextField>
              <Button variant="outlined" onClick={() => exportFile.mutate()} disabled={exportFile.isPending} data-testid="fields-download">
                {t('catalog.fields.download')}
              </Button>
              <ExcelUploadButton name="fields" label={t('catalog.fields.upload')} variant="outlined" disabled={upload.isPending} onFile={(file) => upload.mutate(file)} />
            </Stack>
            <ExcelUploadStatus name="fields" pending={upload.isPending} error={uploadError} />
            {preview && (
              <Box data-testid="fields-preview">
                <Alert severity={preview.ChangedCount ? 'info' : 'success'} sx={{ mb: 1 }}>
                  {preview.ChangedCount ? t('catalog.fields.changes', { count: preview.ChangedCount, language: languageName(preview.LanguageCode) }) : t('catalog.fields.noChanges')}
                </Alert>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('catalog.fields.field')}</TableCell>
                      <TableCell>{t('catalog.fields.english')}</TableCell>
                      <TableCell>{t('catalog.fields.current')}</TableCell>
                      <TableCell>{t('catalog.fields.updated')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.Fields.map((field) => (
                      <TableRow key={field.Field} selected={field.Changed} data-testid={field.Changed ? 'fields-changed-row' : undefined}>
                        <TableCell sx={{ fontWeight: 500 }}>{t(`catalog.fields.names.${field.Field}`)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-line' }}>{field.English}</TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-line', color: field.Changed ? 'text.secondary' : undefined, textDecoration: field.Changed ? 'line-through' : undefined }}>
                          {field.Current}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'pre-line', fontWeight: field.Changed ? 600 : undefined }}>{field.Updated}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {details && (
          <Button component={RouterLink} to={`/service/${details.Service.Id}`} sx={{ mr: 'auto' }}>
            {t('catalog.tool.openPage')}
          </Button>
        )}
        <Button onClick={onClose}>{t('catalog.close')}</Button>
        {preview && preview.ChangedCount > 0 && (
          <Button variant="contained" onClick={() => save.mutate(preview)} disabled={save.isPending} data-testid="fields-save">
            {t('catalog.fields.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
