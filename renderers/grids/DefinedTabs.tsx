/**
 * <DefinedTabs>: a definition's `tabs` (schema/tabs.ts) — a record page: the record's head (<PanesHead>), its
 * tabs (from a method's answer or listed, shown by capability) as links, and the chosen tab's definition drawn
 * by the screen's own renderer with the context the tabs hand it. A record not found or a segment naming no
 * tab shows the not-found page; another refusal of the record says so. See screen-definitions/README.md "Tabs".
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import MuiTabs from '@mui/material/Tabs';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract';
import { pageFormatting } from '../../contract/formatting';
import type { HostTabName } from '../../contract/host-tabs';
import {
  applyBindings,
  recordCallBody,
  BindingError,
  canOpenScreen,
  chosenTab,
  listedTabs,
  resolveText,
  tabContext,
  tabPageTestId,
  tabRoute,
  tabsFromAnswer,
  tabTestId,
  type ScreenContext,
  type ScreenDefinition,
  type TabEntry,
  type TabsDefinition,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { NotFoundPage } from './NotFoundPage';
import { PanesHead } from './PanesHead';
import type { DefinitionLoader } from './RowDialog';

type Row = Record<string, unknown>;

/** Tabs the app draws by name while they are not definitions (contract/host-tabs.ts), with the tab's context. */
export type HostTabs = Partial<Record<HostTabName, (context: ScreenContext) => ReactNode>>;

export interface TabPane {
  definition: ScreenDefinition;
  context: ScreenContext;
  height?: string;
}

export interface DefinedTabsProps {
  definition: ScreenDefinition & { tabs: TabsDefinition };
  context: ScreenContext;
  /** The definition's record: its answer (undefined until it came), whether it was refused and why. */
  record?: { answer?: unknown; refused: boolean; error?: unknown };
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  loadDefinition?: DefinitionLoader;
  hostTabs?: HostTabs;
  onError: (message: string) => void;
  /** A head action's passing notice. */
  onSuccess?: (message: string) => void;
  /** Opens a route of the app (a head action's link). */
  navigate?: (to: string) => void;
  /** Draws the chosen tab's definition (the screen's own renderer). */
  renderTab: (pane: TabPane) => ReactNode;
}

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An address naming no record (404) or no valid one (400, or a value the call's parameter cannot take) is not found, as an unknown route is. */
const notFoundStatus = (error: unknown) => {
  if (error instanceof BindingError) return true;
  const status = isRow(error) || error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 400;
};

/** The tabs of a method's answer (asked again when the call's bound values change), or undefined while it answers. */
function useAnswerTabs(tabs: TabsDefinition, context: ScreenContext, record: unknown, callService: GridServiceCaller, onError: (error: unknown) => void) {
  const [answer, setAnswer] = useState<{ key: string; value: unknown }>();
  const from = tabs.from;
  // The call as sent: a context value it does not read (the record's, once it answered) asks nothing again.
  const key = JSON.stringify(from && [from, recordCallBody(from, context) ?? null]);
  useEffect(() => {
    if (!from) return undefined;
    const controller = new AbortController();
    Promise.resolve()
      .then(() => callService(from.service, from.method, applyBindings({}, from.params, context), { signal: controller.signal }))
      .then(
        (value) => setAnswer({ key, value }),
        (error: unknown) => {
          if (isCanceled(error)) return;
          setAnswer({ key, value: [] });
          onError(error);
        },
      );
    return () => controller.abort();
    // The content of the call and the context is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, callService]);
  return useMemo(() => (from && answer?.key === key && record !== undefined ? tabsFromAnswer(from, answer.value, record) : undefined), [from, answer, key, record]);
}

/** The chosen tab's definition, read through the host's loader. */
function useTabDefinition(name: string | undefined, loadDefinition: DefinitionLoader | undefined) {
  const [loaded, setLoaded] = useState<{ name: string; definition?: ScreenDefinition; error?: unknown }>();
  useEffect(() => {
    if (!name || !loadDefinition) return undefined;
    let live = true;
    loadDefinition(name).then(
      (definition) => live && setLoaded({ name, definition }),
      (error: unknown) => live && setLoaded({ name, error }),
    );
    return () => {
      live = false;
    };
  }, [name, loadDefinition]);
  return loaded?.name === name ? loaded : undefined;
}

export function DefinedTabs({ definition, context, record, capabilities, callService, loadDefinition, hostTabs, onError, onSuccess, navigate, renderTab }: DefinedTabsProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = useCallback((ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, translate, locale, values), [translate, locale]);
  const { tabs } = definition;
  const answer = record?.answer;
  const reportError = useCallback((error: unknown) => onError(errorText(error, t('grids.loadFailed'))), [onError, t]);
  const fromAnswer = useAnswerTabs(tabs, context, answer, callService, reportError);
  const shown = useMemo(() => (tabs.list ? listedTabs(tabs.list, capabilities) : fromAnswer), [tabs.list, capabilities, fromAnswer]);
  const current = shown && chosenTab(shown, context[tabs.param]);
  const tabDefinition = useTabDefinition(current?.definition, loadDefinition);
  const contextKey = JSON.stringify(context);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content is what matters
  const innerContext = useMemo(() => tabContext(tabs, context), [tabs, contextKey]);

  const notFound = <NotFoundPage title={text(tabs.notFound.title)} text={text(tabs.notFound.text)} home={text(tabs.notFound.home)} />;
  if (record?.refused) {
    if (notFoundStatus(record.error)) return notFound;
    return (
      <Alert severity="error" data-testid={tabs.loadFailedTestId ?? `${definition.id}-load-failed`}>
        {text(tabs.loadFailed)} {record.error instanceof Error ? record.error.message : ''}
      </Alert>
    );
  }
  if (!isRow(answer) || !shown) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} aria-label={t('common.loading', { defaultValue: 'Loading' })} />;
  if (!current) return notFound;
  const label = (tab: TabEntry) => ('given' in tab.label ? tab.label.given : text(tab.label.ref));
  return (
    <Box sx={{ maxWidth: tabs.width ?? 1200, mx: 'auto' }} data-testid={tabs.testId}>
      {tabs.head && <PanesHead head={tabs.head} record={answer} context={context} callService={callService} text={text} translate={translate} capabilities={capabilities} locale={locale} navigate={navigate} onSuccess={onSuccess} onError={reportError} pageHeading />}
      <MuiTabs value={current.path} variant="scrollable" scrollButtons="auto" aria-label={text(definition.title)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {shown.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={label(tab)} component={RouterLink} to={tabRoute(tabs, tab, context) ?? ''} data-testid={tabTestId(tabs, tab)} />
        ))}
      </MuiTabs>
      {/* Keyed: another record or tab starts afresh (no draft carried over). A host tab names itself (its own test id). */}
      <Box key={`${contextKey}/${current.path}`} data-testid={current.host ? undefined : tabPageTestId(tabs, current)}>
        {current.host ? (
          hostTabs?.[current.host]?.(innerContext)
        ) : tabDefinition?.error ? (
          <Alert severity="error">{errorText(tabDefinition.error, t('grids.loadFailed'))}</Alert>
        ) : !tabDefinition?.definition ? (
          <CircularProgress size={24} />
        ) : (
          canOpenScreen(tabDefinition.definition, capabilities) && renderTab({ definition: tabDefinition.definition, context: innerContext, height: tabs.height })
        )}
      </Box>
    </Box>
  );
}
