/**
 * <DefinedHead>: what a definition's page shows above its rows beyond the title (`head`,
 * `fileTransfer`, engine/grids/screen-head.ts): a subtitle and help, the call the rows wait for
 * (a refusal explained once on the screen, not as a message), chips from a method, and the
 * offline-edit round trip — a download button, an upload button whose saved file reloads the
 * rows and whose refused file shows its errors as a table.
 */
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
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Capability } from '../../contract/capabilities';
import {
  errorStatus,
  headCallBody,
  headChips,
  headRefusal,
  headSubtitle,
  meetsAccess,
  uploadBody,
  uploadOutcome,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { downloadFileResult, readFileAsBase64 } from './download';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;
type SourceState = { kind: 'loading' } | { kind: 'ready'; answer: unknown } | { kind: 'refused'; text: string; testId?: string } | { kind: 'failed'; message: string };

export interface DefinedHeadProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  onError: (message: string) => void;
  onSuccess?: (message: string) => void;
  /** The rows, drawn with the context given (it changes when an upload saved, so they reload). */
  render: (context: ScreenContext) => ReactNode;
}

export function DefinedHead({ definition, context, capabilities, callService, text, onError, onSuccess, render }: DefinedHeadProps) {
  const { head, fileTransfer, id } = definition;
  const source = head?.source;
  const contextKey = JSON.stringify(context);
  const [state, setState] = useState<SourceState>(source ? { kind: 'loading' } : { kind: 'ready', answer: undefined });
  const [chips, setChips] = useState<string[] | undefined>();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [refusedFile, setRefusedFile] = useState<Row[] | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const texts = useRef(text);
  texts.current = text;

  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    callService(source.service, source.method, headCallBody(source, context), { signal: controller.signal }).then(
      (answer) => setState({ kind: 'ready', answer }),
      (error: unknown) => {
        if (isCanceled(error)) return;
        const refusal = headRefusal(head, errorStatus(error));
        setState(refusal ? { kind: 'refused', text: texts.current(refusal.text), testId: refusal.testId } : { kind: 'failed', message: errorText(error, texts.current('grids.loadFailed')) });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content is what matters
  }, [source, contextKey, callService]);

  const ready = state.kind === 'ready';
  const chipSource = head?.chips;
  useEffect(() => {
    if (!chipSource || !ready) return;
    const controller = new AbortController();
    // Chips are beside the rows: when they fail, there are none (the rows say what went wrong).
    callService(chipSource.service, chipSource.method, headCallBody(chipSource, context), { signal: controller.signal }).then(
      (answer) => setChips(headChips(chipSource, answer)),
      () => setChips(undefined),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content is what matters
  }, [chipSource, ready, contextKey, callService, round]);

  const download = fileTransfer?.download;
  const upload = fileTransfer?.upload && (!fileTransfer.upload.requires || meetsAccess(capabilities, fileTransfer.upload.requires)) ? fileTransfer.upload : undefined;
  const name = fileTransfer?.id ?? id;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const saveDownload = () =>
    download &&
    void run(async () => {
      try {
        downloadFileResult(await callService(download.service, download.method, headCallBody(download, context)), download.fileName);
      } catch (error) {
        if (!isCanceled(error)) onError(errorText(error, text('grids.exportFailed')));
      }
    });
  const send = (file: File) =>
    upload &&
    void run(async () => {
      setUploadError(undefined);
      setRefusedFile(undefined);
      try {
        const answer = await callService(upload.service, upload.method, uploadBody(upload, context, file.name, await readFileAsBase64(file)));
        const outcome = uploadOutcome(upload, answer);
        if (outcome.saved) {
          onSuccess?.(text(upload.done, outcome.count === undefined ? {} : { count: outcome.count }));
          setRound((value) => value + 1);
        } else setRefusedFile(outcome.errors);
      } catch (error) {
        setUploadError(errorText(error, text('grids.actionFailedGeneric')));
      }
    });

  const subtitle = ready ? headSubtitle(head, state.answer) : undefined;
  const refused = state.kind === 'refused';
  const errors = upload?.errors;
  const shown = round === 0 ? context : { ...context, fileRound: round };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid={`${id}-head`}>
      {(subtitle || (fileTransfer && ready)) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {subtitle}
          </Typography>
          {download && ready && (
            <Button variant="outlined" onClick={saveDownload} disabled={busy} data-testid={`${name}-download`}>
              {text(download.label)}
            </Button>
          )}
          {upload && ready && (
            <>
              <Button variant="contained" onClick={() => fileInput.current?.click()} disabled={busy} data-testid={`${name}-upload`}>
                {text(upload.label)}
              </Button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept={upload.accept}
                data-testid={`${name}-file`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // Cleared, so choosing the same file again uploads it again.
                  event.target.value = '';
                  if (file) send(file);
                }}
              />
            </>
          )}
        </Stack>
      )}
      {head?.help && !refused && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text(head.help)}
        </Typography>
      )}
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      {uploadError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${name}-upload-error`}>
          {uploadError}
        </Alert>
      )}
      {refusedFile && errors && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid={`${name}-upload-errors`}>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {text(errors.title, { count: refusedFile.length })}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                {errors.columns.map((column) => (
                  <TableCell key={column.field}>{text(column.label)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {refusedFile.map((error, index) => (
                <TableRow key={index}>
                  {errors.columns.map((column) => (
                    <TableCell key={column.field}>{String(error[column.field] ?? '')}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Alert>
      )}
      {chipSource && chips && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} data-testid={chipSource.testId}>
          <Typography variant="body2" sx={{ alignSelf: 'center' }}>
            {text(chipSource.label)}:
          </Typography>
          {chips.map((chip, index) => (
            <Chip key={`${chip}-${index}`} size="small" label={chip} />
          ))}
        </Stack>
      )}
      {state.kind === 'loading' && <LinearProgress />}
      {state.kind === 'refused' && (
        <Alert severity="info" data-testid={state.testId}>
          {state.text}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" data-testid={`${id}-load-error`}>
          {state.message}
        </Alert>
      )}
      {ready && render(shown)}
    </Box>
  );
}
