/**
 * <DefinedPanes>: a definition's `panes` (schema/panes.ts) — another definition's tree beside (a navigation
 * landmark: each node leads to `nodeTo`, the current one marked and the path down to it open), and on the right
 * the record's head (<PanesHead>) over another definition's rows, drawn by the screen's own renderer with the
 * context the panes hand it. The named definitions are read through the host's loader.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract';
import { pageFormatting } from '../../contract/formatting';
import { canOpenScreen, fillRoute, openedNodes, paneContext, resolveText, routeWithContext, type PanesDefinition, type ScreenContext, type ScreenDefinition, type TextRef, type Translate } from '../../engine/grids';
import { DefinedTree } from './DefinedTree';
import { errorText, type GridServiceCaller } from './grid-service';
import { PanesHead } from './PanesHead';
import type { DefinitionLoader } from './RowDialog';

type Row = Record<string, unknown>;

export interface MainPane {
  definition: ScreenDefinition;
  context: ScreenContext;
  height?: string;
  onRowOpen?: (row: Row) => void;
}

export interface DefinedPanesProps {
  definition: ScreenDefinition & { panes: PanesDefinition };
  context: ScreenContext;
  /** The definition's record: its answer (undefined until it came) and whether it was refused. */
  record?: { answer?: unknown; refused: boolean };
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  loadDefinition?: DefinitionLoader;
  navigate?: (to: string) => void;
  onError: (message: string) => void;
  /** A head action's passing notice. */
  onSuccess?: (message: string) => void;
  /** Draws the main definition's rows (the screen's own renderer). */
  renderMain: (main: MainPane) => ReactNode;
}

/** The side's and the main's definitions, read once each. */
function useDefinitions(names: readonly string[], loadDefinition: DefinitionLoader | undefined) {
  const [loaded, setLoaded] = useState<{ definitions?: ScreenDefinition[]; error?: unknown }>({});
  const key = names.join(' ');
  useEffect(() => {
    if (!loadDefinition) return undefined;
    let live = true;
    Promise.all(key.split(' ').map((name) => loadDefinition(name))).then(
      (definitions) => live && setLoaded({ definitions }),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [key, loadDefinition]);
  return loaded;
}

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export function DefinedPanes({ definition, context, record, capabilities, callService, loadDefinition, navigate, onError, onSuccess, renderMain }: DefinedPanesProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = useCallback((ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, translate, locale, values), [translate, locale]);
  const { side, main, head } = definition.panes;
  const { definitions, error } = useDefinitions([side.definition, main.definition], loadDefinition);
  const contextKey = JSON.stringify(context);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content is what matters
  const sideContext = useMemo(() => paneContext(side.context, context), [side, contextKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content is what matters
  const mainContext = useMemo(() => paneContext(main.context, context), [main, contextKey]);
  const answer = record?.answer;
  const openIds = useMemo(() => openedNodes(side, answer), [side, answer]);
  const selected = context[side.selected];
  const onRowOpen = useMemo(
    () =>
      main.rowOpens && navigate
        ? (row: Row) => {
            const route = routeWithContext(main.rowOpens!, row as ScreenContext);
            if (route) navigate(route);
          }
        : undefined,
    [main.rowOpens, navigate],
  );

  if (!loadDefinition) return null;
  if (error) return <Alert severity="error">{errorText(error, t('grids.loadFailed'))}</Alert>;
  const [sideDefinition, mainDefinition] = definitions ?? [];
  const refused = record?.refused === true;
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) minmax(0, 1fr)' }, gap: 2, alignItems: 'start', mt: 2 }}
      data-testid={definition.panes.testId ?? `${definition.id}-panes`}
    >
      <Paper variant="outlined" component="nav" aria-label={text(side.label)} sx={{ p: 1, maxHeight: { md: 'calc(100vh - 220px)' }, overflow: 'auto' }} data-testid={side.testId ?? `${definition.id}-side`}>
        {sideDefinition ? (
          canOpenScreen(sideDefinition, capabilities) && (
            <DefinedTree
              definition={sideDefinition}
              context={sideContext}
              callService={callService}
              bare
              hrefOf={(row) => fillRoute(side.nodeTo, row)}
              selectedId={selected === undefined ? undefined : String(selected)}
              openIds={openIds}
            />
          )
        ) : (
          <CircularProgress size={24} />
        )}
      </Paper>
      <Box sx={{ minWidth: 0 }} data-testid={main.testId ?? `${definition.id}-main`}>
        {head && !refused && (isRow(answer) ? (
          <PanesHead head={head} record={answer} context={context} callService={callService} text={text} translate={translate}
            capabilities={capabilities}
            locale={locale}
            navigate={navigate}
            onSuccess={onSuccess}
            onError={(failure) => onError(errorText(failure, t('grids.loadFailed')))}
          />
        ) : (
          <CircularProgress size={24} sx={{ mb: 2 }} />
        ))}
        {!refused && mainDefinition && canOpenScreen(mainDefinition, capabilities) && (
          <Box key={JSON.stringify(mainContext)}>{renderMain({ definition: mainDefinition, context: mainContext, height: main.height, onRowOpen })}</Box>
        )}
      </Box>
    </Box>
  );
}
