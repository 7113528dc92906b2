/**
 * <DefinedRunner>: a screen definition's `runner` (schema/runner.ts; reports.json on /reports): the data
 * source's rows as a list, with shortcut chips above it, beside the chosen row (the route's context value) —
 * its name, the numbers it accepts, a run button and the run drawn by <ReportResult>. The chosen row runs at
 * once and again when a number changes; a run reloads the shortcuts (they may count runs).
 */
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  applyBindings,
  chosenRunnerRow,
  readAllRows,
  resolveText,
  runnerInputsOf,
  runnerRowRoute,
  runnerRunBody,
  type RunnerDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import type { ReportRun } from '../../engine/reports';
import type { GridServiceCaller } from './grid-service';
import { ReportResult } from './ReportResult';

type Row = Record<string, unknown>;

export interface DefinedRunnerProps {
  definition: ScreenDefinition & { runner: RunnerDefinition };
  context?: ScreenContext;
  capabilities: readonly Capability[];
  userId: number | string;
  callService: GridServiceCaller;
  onError: (message: string) => void;
  /** Opens a row's route. */
  navigate?: (to: string) => void;
  /** Chooses a row without a route (the studio's preview holds the choice itself): its id; instead of navigate. */
  onChoose?: (id: string) => void;
}

const EMPTY_CONTEXT: ScreenContext = {};

/** A call's body, or why the context cannot give it (a value it binds is missing): said on the screen, not thrown. */
function bodyOr(build: () => Row): Row | Error {
  try {
    return build();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export function DefinedRunner({ definition, context = EMPTY_CONTEXT, capabilities, userId, callService, onError, navigate, onChoose }: DefinedRunnerProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback((ref: TextRef) => resolveText(ref, (key, values) => String(t(key, values)), locale), [t, locale]);
  const { runner, dataSource: source } = definition;
  // Keyed on the calls themselves (a studio draft may change them), and the language the answers' texts are in.
  const rowsBody = bodyOr(() => applyBindings({}, source.params, context));
  const rows = useQuery({
    queryKey: ['runner', definition.id, 'rows', source.service, source.method, rowsBody, locale],
    queryFn: async ({ signal }) => {
      if (rowsBody instanceof Error) throw rowsBody;
      return readAllRows(source, await callService(source.service, source.method, rowsBody, { signal }));
    },
    retry: false,
  });
  const { shortcuts: chips } = runner;
  const chipsBody = bodyOr(() => applyBindings({}, chips?.params, context));
  const shortcuts = useQuery({
    queryKey: ['runner', definition.id, 'shortcuts', chips?.service, chips?.method, chipsBody, locale],
    queryFn: async ({ signal }) => {
      if (chipsBody instanceof Error) throw chipsBody;
      const answer = await callService(chips!.service, chips!.method, chipsBody, { signal });
      return Array.isArray(answer) ? (answer as Row[]) : [];
    },
    enabled: chips !== undefined,
  });

  if (rows.isError) return <Alert severity="error">{rows.error.message}</Alert>;
  if (!rows.data) return <LinearProgress />;
  const chosen = chosenRunnerRow(runner, rows.data, context);
  const chosenId = chosen ? String(chosen[runner.choice.idField]) : undefined;
  const open = (row: Row) => (onChoose ? onChoose(String(row[runner.choice.idField])) : navigate?.(runnerRowRoute(runner, row)));
  const { choice } = runner;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0 }}>
        {runner.shortcuts && (shortcuts.data ?? []).length > 0 && (
          <Box sx={{ p: 1.5, pb: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {text(runner.shortcuts.label)}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1 }} data-testid={runner.shortcuts.testId}>
              {(shortcuts.data ?? []).map((row) => (
                <Chip key={String(row[choice.idField])} size="small" label={String(row[choice.titleField] ?? '')} onClick={() => open(row)} color={String(row[choice.idField]) === chosenId ? 'primary' : 'default'} />
              ))}
            </Stack>
          </Box>
        )}
        <List dense aria-label={text(choice.label)} data-testid={`${runner.testId}-list`}>
          {rows.data.map((row) => (
            // A list's entries are <li> (axe: list); the button is inside.
            <ListItem key={String(row[choice.idField])} disablePadding>
              <ListItemButton selected={String(row[choice.idField]) === chosenId} onClick={() => open(row)} data-testid={`${runner.testId}-${String(row[choice.idField])}`}>
                <ListItemText primary={String(row[choice.titleField] ?? '')} secondary={choice.descriptionField ? String(row[choice.descriptionField] ?? '') : undefined} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        {chosen ? (
          <ChosenRow key={chosenId} {...{ definition, context, capabilities, userId, callService, onError, text, locale }} row={chosen} />
        ) : (
          <Alert severity="info">{text(rows.data.length ? choice.choose : choice.empty)}</Alert>
        )}
      </Box>
    </Stack>
  );
}

/** The chosen row: its name, its numbers, the run button, and the run. */
function ChosenRow({ definition, context, capabilities, userId, callService, onError, text, locale, row }: Omit<DefinedRunnerProps, 'navigate' | 'onChoose'> & { context: ScreenContext; row: Row; locale: string; text: (ref: TextRef) => string }) {
  const { runner } = definition;
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const body = bodyOr(() => runnerRunBody(runner, row, context, typed));
  const run = useQuery({
    queryKey: ['runner', definition.id, 'run', runner.run.service, runner.run.method, body, locale],
    queryFn: async ({ signal }) => {
      if (body instanceof Error) throw body;
      const answer = (await callService(runner.run.service, runner.run.method, body, { signal })) as ReportRun;
      void queryClient.invalidateQueries({ queryKey: ['runner', definition.id, 'shortcuts'] });
      return answer;
    },
    retry: false,
    // A number typed runs again; the last run stays drawn meanwhile.
    placeholderData: keepPreviousData,
  });
  const { choice, result } = runner;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`${runner.testId}-view`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {String(row[choice.titleField] ?? '')}
          </Typography>
          {choice.descriptionField && (
            <Typography variant="body2" color="text.secondary">
              {String(row[choice.descriptionField] ?? '')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {runnerInputsOf(runner, row).map(({ input, fallback }) => (
            <TextField
              key={input.param}
              size="small"
              sx={{ width: 120 }}
              label={text(input.label)}
              placeholder={String(fallback)}
              value={typed[input.param] ?? ''}
              onChange={(event) => setTyped((values) => ({ ...values, [input.param]: event.target.value.replace(/\D/g, '') }))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${runner.testId}-${input.param.split('.').pop()}` }, inputLabel: { shrink: true } }}
              helperText={input.help ? text(input.help) : undefined}
            />
          ))}
          <Button startIcon={<PlayArrowIcon />} onClick={() => void run.refetch()} disabled={run.isFetching} sx={{ whiteSpace: 'nowrap' }} data-testid={`${runner.testId}-run`}>
            {text(runner.run.label)}
          </Button>
        </Stack>
      </Stack>
      {run.isError && <Alert severity="error">{run.error.message}</Alert>}
      {run.isLoading && <LinearProgress />}
      {run.data && (
        <ReportResult
          run={run.data}
          testId={runner.testId}
          capabilities={capabilities}
          userId={userId}
          onError={onError}
          texts={{ empty: text(result.empty), other: text(result.other), exportXlsx: text(result.exportXlsx), exportCsv: text(result.exportCsv), statusPrefix: result.statusPrefix }}
        />
      )}
    </Paper>
  );
}
