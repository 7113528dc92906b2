import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../renderers/inputs/DateInput';
import { callService } from '../../api';
import { IMPORT_COLUMNS, type ImportTypeName } from '../../../contract/services/import';
import { readFileAsBase64, saveFileResult } from '../business/files';
import { ImportFilePreview } from './ImportFilePreview';

export interface UploadImportDialogProps {
  types: readonly ImportTypeName[];
  onClose: () => void;
  /** The new import's id: the screen opens its live details. */
  onStarted: (importId: number) => void;
}

const ACCEPT = '.xlsx,.csv';

/** Upload an Excel or CSV file of accounts; the server imports it in the background. */
export function UploadImportDialog({ types, onClose, onStarted }: UploadImportDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<ImportTypeName>(types[0]);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const [scheduled, setScheduled] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const columns = IMPORT_COLUMNS[type];
  const fileTypeOk = !file || /\.(xlsx|csv)$/i.test(file.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !fileTypeOk) return;
    setBusy(true);
    setError(undefined);
    try {
      const started = await callService(
        'Import',
        'StartImport',
        {
          name: name.trim() || file.name,
          importType: type,
          fileName: file.name,
          file: await readFileAsBase64(file),
          scheduledDate: scheduled ? new Date(scheduled).toISOString() : null,
        },
        { suppressErrors: true },
      );
      onStarted(started.Id);
    } catch (failure) {
      // The server's reason (missing columns, unreadable file, ...) belongs in the dialog, next to the file.
      setError(failure instanceof Error ? failure.message : t('errors.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    const template = await callService('Import', 'DownloadImportTemplate', { importType: type });
    saveFileResult(template, `import-template-${type.toLowerCase()}.xlsx`);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="upload-import-title" data-testid="upload-import-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="upload-import-title">{t('imports.upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={t('imports.columns.type')} value={type} onChange={(event) => setType(event.target.value as ImportTypeName)} data-testid="upload-import-type">
              {types.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`imports.type.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" data-testid="upload-import-columns">
              {t('imports.upload.columns', { required: columns.required.join(', '), optional: columns.optional.join(', ') })}
            </Typography>
            <div>
              <Button size="small" onClick={() => void downloadTemplate()}>
                {t('imports.upload.template')}
              </Button>
            </div>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} sx={{ alignSelf: 'flex-start' }}>
              {file ? file.name : t('imports.upload.chooseFile')}
              <input
                hidden
                type="file"
                accept={ACCEPT}
                data-testid="upload-import-file"
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  setFile(picked);
                  setError(undefined);
                  if (picked && !name) setName(picked.name.replace(/\.[^.]+$/, ''));
                }}
              />
            </Button>
            {!fileTypeOk && <Alert severity="error">{t('imports.upload.fileType')}</Alert>}
            {file && fileTypeOk && <ImportFilePreview file={file} />}
            <TextField label={t('imports.columns.name')} value={name} onChange={(event) => setName(event.target.value)} slotProps={{ htmlInput: { maxLength: 256 } }} data-testid="upload-import-name" />
            <DateInput withTime label={t('imports.upload.scheduledDate')} value={scheduled} onChange={setScheduled} helperText={t('imports.upload.scheduledHelp')} testId="upload-import-scheduled" />
            {error && (
              <Alert severity="error" data-testid="upload-import-error">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || !fileTypeOk || busy} data-testid="upload-import-submit">
            {t('imports.upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
