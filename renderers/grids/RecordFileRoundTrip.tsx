/**
 * A record page's offline-edit round trip (`fileRoundTrip` block, engine/grids/file-round-trip.ts):
 * a choice (the language of the texts), the file downloaded, the edited file uploaded and what it
 * would change shown as a table (changed rows marked), then the changed rows saved.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useRef, useState } from 'react';
import type { Capability } from '../../contract/capabilities';
import {
  changedRows,
  firstChoice,
  headCallBody,
  previewCellKey,
  readPreview,
  roundTripContext,
  roundTripFileName,
  rowChanged,
  setPath,
  type FileRoundTripDefinition,
  type RoundTripPreview,
  type ScreenContext,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { downloadFileResult, readFileAsBase64 } from './download';
import { errorText, type GridServiceCaller } from './grid-service';

/** The texts a block draws (RecordSection's RecordTexts). */
interface BlockTexts {
  translate: Translate;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
}

/** What a record page's blocks may call, and whom they tell. */
export interface RecordCalls {
  callService: GridServiceCaller;
  context: ScreenContext;
  language: string;
  onSuccess?: (message: string) => void;
  onError?: (message: string) => void;
  /** Something was saved: the record (and the rows it came from) may reload. */
  onChanged?: () => void;
  /** Reads the page again, its values shown meanwhile (an actions block's reload, and after its call). */
  reload?: () => void;
  /** Opens a route of the app (an actions block's go). */
  navigate?: (to: string, options?: { replace?: boolean }) => void;
  /** The user's capabilities (which buttons show). */
  capabilities?: readonly Capability[];
}

export function RecordFileRoundTrip({ block, texts, calls }: { block: FileRoundTripDefinition; texts: BlockTexts; calls: RecordCalls }) {
  const [choice, setChoice] = useState(() => firstChoice(block, calls.language));
  const [preview, setPreview] = useState<RoundTripPreview | undefined>();
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'download' | 'upload' | 'save' | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const context = roundTripContext(block, calls.context, choice);
  const id = block.id;
  const choiceLabel = (value: string) => {
    const option = block.choice.options.find((entry) => entry.value === value);
    return option ? texts.text(option.label) : value;
  };

  const download = async () => {
    setBusy('download');
    try {
      downloadFileResult(await calls.callService(block.download.service, block.download.method, headCallBody(block.download, context)), roundTripFileName(block.download.fileName, context));
    } catch (error) {
      calls.onError?.(errorText(error, texts.text('grids.exportFailed')));
    } finally {
      setBusy(undefined);
    }
  };
  const upload = async (file: File) => {
    setBusy('upload');
    setUploadError(undefined);
    setPreview(undefined);
    try {
      const body = headCallBody(block.upload, context);
      setPath(body, block.upload.contentParam, await readFileAsBase64(file));
      setPreview(readPreview(block, await calls.callService(block.upload.service, block.upload.method, body)));
    } catch (error) {
      setUploadError(errorText(error, texts.text('grids.actionFailedGeneric')));
    } finally {
      setBusy(undefined);
    }
  };
  const save = async (shown: RoundTripPreview) => {
    setBusy('save');
    try {
      const body = headCallBody(block.save, context);
      setPath(body, block.save.rowsParam, changedRows(block, shown));
      await calls.callService(block.save.service, block.save.method, body);
      calls.onSuccess?.(texts.text(block.save.done));
      setPreview(undefined);
      calls.onChanged?.();
    } catch (error) {
      calls.onError?.(errorText(error, texts.text('grids.actionFailedGeneric')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Stack spacing={2} data-testid={id}>
      {block.title && (
        <Typography variant="subtitle1" component="h3">
          {texts.text(block.title)}
        </Typography>
      )}
      {block.help && (
        <Typography variant="body2" color="text.secondary">
          {texts.text(block.help)}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={texts.text(block.choice.label)}
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            setPreview(undefined);
            setUploadError(undefined);
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${id}-choice` } as object } }}
        >
          {block.choice.options.map((option) => (
            <MenuItem key={option.value} value={option.value} data-testid={`${id}-choice-${option.value}`}>
              {texts.text(option.label)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void download()} disabled={busy !== undefined} data-testid={`${id}-download`}>
          {texts.text(block.download.label)}
        </Button>
        <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={busy !== undefined} data-testid={`${id}-upload`}>
          {texts.text(block.upload.label)}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={block.upload.accept}
          data-testid={`${id}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again uploads it again.
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </Stack>
      {busy === 'upload' && <LinearProgress />}
      {uploadError && (
        <Alert severity="error" data-testid={`${id}-upload-error`}>
          {uploadError}
        </Alert>
      )}
      {preview && (
        <Box data-testid={`${id}-preview`}>
          <Alert severity={preview.count ? 'info' : 'success'} sx={{ mb: 1 }}>
            {preview.count ? texts.text(block.preview.changes, { count: preview.count, [block.choice.context]: choiceLabel(choice) }) : texts.text(block.preview.noChanges)}
          </Alert>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {block.preview.columns.map((column) => (
                    <TableCell key={column.field}>{texts.text(column.label)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((row, index) => {
                  const changed = rowChanged(block, row);
                  return (
                    <TableRow key={index} selected={changed} data-testid={changed ? `${id}-changed-row` : undefined}>
                      {block.preview.columns.map((column, columnIndex) => {
                        const value = row[column.field];
                        const key = previewCellKey(column, value);
                        const struck = changed && column.role === 'before';
                        return (
                          <TableCell
                            key={column.field}
                            sx={{
                              whiteSpace: 'pre-line',
                              fontWeight: columnIndex === 0 ? 500 : changed && column.role === 'after' ? 600 : undefined,
                              color: struck ? 'text.secondary' : undefined,
                              textDecoration: struck ? 'line-through' : undefined,
                            }}
                          >
                            {key ? texts.translate(key) : value === null || value === undefined ? '' : String(value)}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          {preview.count > 0 && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
              <Button variant="contained" onClick={() => void save(preview)} disabled={busy !== undefined} data-testid={`${id}-save`}>
                {texts.text(block.save.label)}
              </Button>
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
