/**
 * The detail rows of the open master row (a quote's lines, a group's
 * services), drawn as an expandable panel under the grid: AG Grid's infinite
 * row model keeps every row the same height, so the rows cannot open inside
 * it. Loaded with masterDetail.load, or read from the master row.
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import type { Capability } from '../../contract/capabilities';
import { useTranslation } from 'react-i18next';
import { detailActionApplies, detailActionBody, detailActionCount, detailActionsFor, detailLoadBody, formatValue, readDetailRows, resolveText, type DetailActionDefinition, type MasterDetailModel, type ScreenContext, type StructureColumnModel, type Translate } from '../../engine/grids';
import { BooleanMark } from './cells/BooleanCell';
import { EntityLink } from './cells/LinkCell';
import { StatusChip } from './cells/StatusCell';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

export interface MasterDetailRowsProps {
  detail: MasterDetailModel;
  master: Row;
  masterId: string | number;
  context: ScreenContext;
  callService: GridServiceCaller;
  locale: string;
  onClose: () => void;
  capabilities?: readonly Capability[];
  /** A detail action changed something: the grid's rows reload too. */
  onChanged?: () => void;
  onSuccess?: (message: string) => void;
  onError?: (message: string) => void;
}

export function DetailCell({ column, row, locale, translate }: { column: StructureColumnModel; row: Row; locale: string; translate: Translate }) {
  const value = row[column.field];
  if (column.type === 'status') return <StatusChip value={value} format={column} />;
  if (column.type === 'boolean') return <BooleanMark value={value} />;
  if (column.type === 'link') return <EntityLink row={row} value={value} format={column} />;
  if (Array.isArray(value)) return <>{value.map((item) => (column.valueLabel ? column.valueLabel(String(item)) : String(item))).join(', ')}</>;
  return <>{formatValue(column, row, column.field, locale, translate)}</>;
}

export function MasterDetailRows({ detail, master, masterId, context, callService, locale, onClose, capabilities, onChanged, onSuccess, onError }: MasterDetailRowsProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ rows?: Row[]; error?: string }>({});
  const panel = useRef<HTMLDivElement>(null);
  // Reloads (after an action, or every refreshSeconds) keep the rows shown until the new ones arrive.
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const refreshSeconds = detail.definition.refreshSeconds;
  useEffect(() => {
    if (!refreshSeconds) return;
    const timer = setInterval(() => setVersion((current) => current + 1), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [refreshSeconds]);
  const actions = detailActionsFor(detail.definition.actions, capabilities ?? []);
  const label = (action: DetailActionDefinition, count?: number) => resolveText(action.label, t, locale, count === undefined ? undefined : { count });
  const run = async (action: DetailActionDefinition, row: Row) => {
    setBusy(true);
    try {
      await callService(action.service, action.method, detailActionBody(action, row, context));
      onSuccess?.(t('grids.actionDone', { action: label(action, action.scope === 'all' ? detailActionCount(action, state.rows ?? []) : undefined), count: 1 }));
      setVersion((current) => current + 1);
      onChanged?.();
    } catch (error) {
      if (!isCanceled(error)) onError?.(errorText(error, t('grids.actionFailedGeneric')));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const body = detailLoadBody(detail.definition, masterId, context);
    if (!body || !detail.definition.load) {
      try {
        setState({ rows: readDetailRows(detail.definition, master, master) });
      } catch (error) {
        setState({ error: errorText(error, t('grids.detailFailed')) });
      }
      return;
    }
    const controller = new AbortController();
    if (version === 0) setState({});
    const { service, method } = detail.definition.load;
    callService(service, method, body, { signal: controller.signal }).then(
      (result) => !controller.signal.aborted && setState({ rows: readDetailRows(detail.definition, result, master) }),
      (error: unknown) => !isCanceled(error) && setState({ error: errorText(error, t('grids.detailFailed')) }),
    );
    return () => controller.abort();
  }, [detail, master, masterId, context, callService, t, version]);

  // The panel opens under the grid: bring it into view. A block body: Chromium's scrollIntoView now returns a
  // promise, which React would take as the effect's cleanup and call on unmount ("is not a function").
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [masterId]);

  const title = detail.title(master, masterId);
  return (
    <Paper variant="outlined" ref={panel} sx={{ mt: 1, overflow: 'hidden' }} role="region" aria-label={title} data-testid="grid-detail-rows">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1, gap: 1, bgcolor: 'action.hover' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {state.rows &&
          actions.onAll.map((action) => {
            const count = detailActionCount(action, state.rows ?? []);
            return (
              <Button key={action.id} size="small" disabled={busy || count === 0} onClick={() => void run(action, master)} data-testid={`grid-detail-all-${action.id}`}>
                {label(action, count)}
              </Button>
            );
          })}
        <IconButton size="small" onClick={onClose} aria-label={t('common.close')} data-testid="grid-detail-rows-close">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {!state.rows && !state.error && <LinearProgress />}
      {state.error && <Alert severity="error">{state.error}</Alert>}
      {state.rows && state.rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {detail.empty ?? t('grids.empty')}
        </Typography>
      )}
      {state.rows && state.rows.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxHeight: 420 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {detail.columns.map((column) => (
                  <TableCell key={column.field} align={column.type === 'number' || column.type === 'money' ? 'right' : 'left'} sx={{ minWidth: column.width ? Math.min(column.width, 320) : undefined, fontWeight: 600 }}>
                    {column.headerName}
                  </TableCell>
                ))}
                {actions.onRow.length > 0 && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {state.rows.map((row, index) => (
                <TableRow key={index} data-testid="grid-detail-row">
                  {detail.columns.map((column) => (
                    <TableCell key={column.field} align={column.type === 'number' || column.type === 'money' ? 'right' : 'left'}>
                      <DetailCell column={column} row={row} locale={locale} translate={t} />
                    </TableCell>
                  ))}
                  {actions.onRow.length > 0 && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions.onRow.filter((action) => detailActionApplies(action, row)).map((action) => (
                        <Button key={action.id} size="small" disabled={busy} onClick={() => void run(action, row)} data-testid={`grid-detail-action-${action.id}`}>
                          {label(action)}
                        </Button>
                      ))}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
