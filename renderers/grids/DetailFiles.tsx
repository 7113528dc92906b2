/**
 * The detail panel's download and upload buttons and the files a row lists (detailPanel.buttons and
 * detailPanel.files, engine/grids/detail-panel.ts): each call built from the row, a downloaded answer
 * handed to the browser, an uploaded file checked by its type first.
 */
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  detailCallBody,
  detailFiles,
  fileDownloadable,
  fileSizeText,
  uploadAcceptAttribute,
  uploadAccepts,
  type DetailButtonDefinition,
  type DetailFilesDefinition,
} from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { downloadFileResult, readFileAsBase64 } from './download';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

export interface DetailCalls {
  callService: GridServiceCaller;
  /** A text of the definition, with values. */
  text: (ref: DetailButtonDefinition['label'], values?: Record<string, string>) => string;
  locale: string;
  onError: (error: unknown) => void;
  onSuccess: (message: string) => void;
  /** An upload changed the row: its new state when the answer is the row. */
  onChanged: (row: Row | undefined) => void;
}

/** Runs one call at a time; the buttons wait while it runs. */
function useBusy(onError: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function DetailButtons({ buttons, row, calls }: { buttons: readonly DetailButtonDefinition[]; row: Row; calls: DetailCalls }) {
  const { busy, run } = useBusy(calls.onError);
  const [refused, setRefused] = useState<string | undefined>();
  if (buttons.length === 0) return null;

  const download = (button: DetailButtonDefinition) => run(async () => downloadFileResult(await calls.callService(button.service, button.method, detailCallBody(button.fields, row)), button.id));
  const upload = (button: DetailButtonDefinition, upload: NonNullable<DetailButtonDefinition['upload']>, file: File) => {
    if (!uploadAccepts(upload.extensions, file.name)) {
      setRefused(calls.text(upload.refused));
      return;
    }
    setRefused(undefined);
    void run(async () => {
      const body = detailCallBody(button.fields, row, { [upload.nameParam]: file.name, [upload.contentParam]: await readFileAsBase64(file) });
      const answer = await calls.callService(button.service, button.method, body);
      calls.onSuccess(calls.text(upload.done, { name: file.name }));
      calls.onChanged(upload.answerIsRow && typeof answer === 'object' && answer !== null ? (answer as Row) : undefined);
    });
  };

  return (
    <Box sx={{ px: 2, pb: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {buttons.map((button) => {
          const testId = `grid-detail-button-${button.id}`;
          const label = calls.text(button.label);
          const uploading = button.upload;
          return uploading ? (
            <Button key={button.id} size="small" variant="outlined" component="label" startIcon={<ActionIcon name={button.icon} />} disabled={busy}>
              {label}
              <input hidden type="file" accept={uploadAcceptAttribute(uploading.extensions)} data-testid={testId} onChange={(event) => event.target.files?.[0] && upload(button, uploading, event.target.files[0])} />
            </Button>
          ) : (
            <Button key={button.id} size="small" variant="outlined" startIcon={<ActionIcon name={button.icon} />} disabled={busy} onClick={() => void download(button)} data-testid={testId}>
              {label}
            </Button>
          );
        })}
      </Box>
      {refused && <Alert severity="error" sx={{ mt: 1 }} data-testid="grid-detail-upload-refused">{refused}</Alert>}
    </Box>
  );
}

export function DetailFileList({ files, row, calls }: { files: DetailFilesDefinition; row: Row; calls: DetailCalls }) {
  const { busy, run } = useBusy(calls.onError);
  const listed = detailFiles(row, files.field);
  const { download } = files;
  const save = (file: Row, name: string) =>
    run(async () => downloadFileResult(await calls.callService(download.service, download.method, detailCallBody(download.fields, row, {}, { fields: download.fileFields, row: file })), name));
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {calls.text(files.title)}
      </Typography>
      {listed.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {calls.text(files.empty)}
        </Typography>
      ) : (
        <List dense data-testid="grid-detail-files">
          {listed.map((file, index) => {
            const name = String(file[files.nameField] ?? '');
            return (
              <ListItem
                key={`${name}-${index}`}
                secondaryAction={
                  fileDownloadable(download.fileFields, file) && (
                    <IconButton edge="end" disabled={busy} aria-label={calls.text(download.label, { name })} onClick={() => void save(file, name)}>
                      <DownloadIcon />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={name} secondary={files.sizeField ? fileSizeText(file[files.sizeField], calls.locale) : undefined} />
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}
