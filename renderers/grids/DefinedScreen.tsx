/**
 * <DefinedScreen>: a screen definition drawn as it says — a record editor (`recordEditor`), a record form
 * (`recordForm`), a layout create (`layoutCreate`), a runner (`runner`), lists of links (`linkLists`), a board of cards (`board`), a form standing alone (`form`), a record page (`recordPage`), a list editor (`listEditor`), cards (view "cards"), a tree
 * (paging mode "tree"), a stack of parts (`stack`), panes (a tree beside a record's head and another definition's rows), tabs (a record's page whose tabs draw other definitions) or a grid — in its frame (<ScreenFrame>: its page with the title as the heading, its
 * record, reorder and followed jobs), its `intro`, `head`, file transfer and row dialog around the rows. The screens of the app draw every
 * definition through it, so a definition's kind is data, not the screen's code.
 */
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../contract/formatting';
import { columnsFingerprint, resolveText, type BrowserStores, type ResolveLink } from '../../engine/grids';
// Not through the index: the index's modules import one another, and this one stays out of that circle.
import { openingReads } from '../../engine/grids/opening-reads';
import type { MfaServices } from '../forms';
import type { BoardDialogs, DefinedBoardProps } from './DefinedBoard';
import { boardQuery } from './board-query';
import type { EditorQuestion } from './DefinedRecordEditor';
import { LazyDefinedGrid } from './LazyDefinedGrid';
import type { HostTabs } from './DefinedTabs';
import type { HostPanels } from './DefinedStack';
import type { DefinitionLoader } from './RowDialog';
import { withBrowserStores } from './browser-store';
import { withPublicAddresses } from './public-address';
import type { SignInSession } from './sign-in-session';
import { ScreenFrame, type FramedRows, type ScreenFrameProps } from './ScreenFrame';
import { BoardRenderer as DefinedBoard } from './renderer-chunks';
import { useReadsAhead } from './use-reads-ahead';

// Each kind of screen brings its renderer when it is first drawn: the start page (a board) loads neither the
// record editors, the runner's charts, the trees nor AG Grid (issue 37).
const DefinedForm = lazy(() => import('./DefinedForm').then((module) => ({ default: module.DefinedForm })));
const DefinedCards = lazy(() => import('./DefinedCards').then((module) => ({ default: module.DefinedCards })));
const DefinedHead = lazy(() => import('./DefinedHead').then((module) => ({ default: module.DefinedHead })));
const DefinedStack = lazy(() => import('./DefinedStack').then((module) => ({ default: module.DefinedStack })));
const DefinedPanes = lazy(() => import('./DefinedPanes').then((module) => ({ default: module.DefinedPanes })));
const DefinedTabs = lazy(() => import('./DefinedTabs').then((module) => ({ default: module.DefinedTabs })));
const DefinedLayoutCreate = lazy(() => import('./DefinedLayoutCreate').then((module) => ({ default: module.DefinedLayoutCreate })));
const DefinedListEditor = lazy(() => import('./DefinedListEditor').then((module) => ({ default: module.DefinedListEditor })));
const DefinedRecord = lazy(() => import('./DefinedRecord').then((module) => ({ default: module.DefinedRecord })));
const DefinedRecordEditor = lazy(() => import('./DefinedRecordEditor').then((module) => ({ default: module.DefinedRecordEditor })));
const DefinedRecordForm = lazy(() => import('./DefinedRecordForm').then((module) => ({ default: module.DefinedRecordForm })));
const DefinedRunner = lazy(() => import('./DefinedRunner').then((module) => ({ default: module.DefinedRunner })));
const DefinedTree = lazy(() => import('./DefinedTree').then((module) => ({ default: module.DefinedTree })));
const LinkLists = lazy(() => import('./LinkLists').then((module) => ({ default: module.LinkLists })));
const RowDialog = lazy(() => import('./RowDialog').then((module) => ({ default: module.RowDialog })));

export type DefinedScreenProps = ScreenFrameProps & {
  /** A record editor's question before an act (the app's confirmation dialog): true when confirmed. */
  confirm?: (question: EditorQuestion) => Promise<boolean>;
  /** Reads another definition (a row's dialog, `rowDialog`); without it rows open no dialog. */
  loadDefinition?: DefinitionLoader;
  /** Resolves a definition's shell links (`shellLink`: the app's link table, maybe the legacy app); without it they take their fallback route. */
  resolveLink?: ResolveLink;
  /** The app's dialogs a board card's action may open, by name (`board`). */
  dialogs?: BoardDialogs;
  /** Tabs the app draws by name while they are no definitions (`tabs`' host tabs). */
  hostTabs?: HostTabs;
  /** Panels the app draws by name for a stack's part (`stack.parts[].hostPanel`). */
  hostPanels?: HostPanels;
  /** The signed-in user's second factor, for the fields of a layout form it protects (`layoutCreate`). */
  mfa?: MfaServices;
  /** The sign-in in progress, for a form that is a step of it (`form.session`, `choice`, `done.session`). */
  signIn?: SignInSession;
  /** The data the app keeps in this browser, by store name (`service: "BrowserStore"`, contract/browser-stores.ts). */
  browserStores?: BrowserStores;
};

const EMPTY_CONTEXT = {};

export function DefinedScreen(props: DefinedScreenProps) {
  // Every kind may read a public address (engine/grids/addresses.ts) or a browser store (browser-stores.ts) where it names a method.
  const { callService: host, browserStores } = props;
  const callService = useMemo(() => withBrowserStores(withPublicAddresses(host), browserStores), [host, browserStores]);
  useReadsAhead(openingReads(props.definition, props.context ?? EMPTY_CONTEXT), callService);
  const framed = { ...props, callService };
  return <ScreenFrame frame={framed}>{(rows) => <DefinedRows {...framed} {...rows} />}</ScreenFrame>;
}

/**
 * The rows of the definition's kind, with what stands around them: its intro (a line above them, also in a
 * tab where no title is drawn), its head or file transfer (whose call the rows may wait for), and the dialog
 * a row opens (`rowDialog`; a save inside it reloads the rows).
 */
function DefinedRows(props: DefinedScreenProps & FramedRows) {
  const { definition, context: given = EMPTY_CONTEXT, capabilities, callService, loadDefinition } = props;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate = useCallback((key: string, values?: Record<string, string | number>) => String(t(key, values)), [t]);
  const [opened, setOpened] = useState<Record<string, unknown> | undefined>();
  const [round, setRound] = useState(0);
  const rowDialog = definition.rowDialog && loadDefinition ? definition.rowDialog : undefined;
  const onRowOpen = props.onRowOpen ?? (rowDialog ? setOpened : undefined);
  const draw = (shown: typeof given) => <DefinedKind {...props} context={round === 0 ? shown : { ...shown, dialogRound: round }} onRowOpen={onRowOpen} />;
  const rows =
    definition.head || definition.fileTransfer ? (
      <DefinedHead
        definition={definition}
        context={given}
        capabilities={capabilities}
        callService={callService}
        text={(ref, values) => resolveText(ref, translate, locale, values)}
        onError={props.onError}
        onSuccess={props.onSuccess}
        render={draw}
      />
    ) : (
      draw(given)
    );
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} aria-hidden />}>
      {definition.intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${definition.id}-intro`}>
          {resolveText(definition.intro, translate, locale)}
        </Typography>
      )}
      {rows}
      {rowDialog && opened && loadDefinition && (
        // Its own boundary: the rows stay in view while the dialog's code arrives.
        <Suspense fallback={null}>
          <RowDialog
            dialog={rowDialog}
            row={opened}
            loadDefinition={loadDefinition}
            capabilities={capabilities}
            callService={callService}
            text={(ref) => resolveText(ref, translate, locale)}
            onSuccess={props.onSuccess}
            onError={props.onError}
            onChanged={() => setRound((value) => value + 1)}
            onClose={() => setOpened(undefined)}
          />
        </Suspense>
      )}
    </Suspense>
  );
}

/** A board whose cards are asked for while its code arrives (the query is the board's own, board-query.ts). */
function BoardAhead(props: DefinedBoardProps) {
  const { i18n } = useTranslation();
  usePrefetchQuery(boardQuery(props.definition, props.context ?? EMPTY_CONTEXT, props.callService, pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale));
  return <DefinedBoard {...props} />;
}

function DefinedKind(props: DefinedScreenProps & FramedRows) {
  const { definition, context, capabilities, callService, onRunResult } = props;
  // On a page the heading is the title; a tree keeps its own (it heads the tree's switches).
  const showTitle = definition.page ? false : props.showTitle;
  if (definition.panes) {
    const { panes } = definition;
    return (
      <DefinedPanes
        definition={{ ...definition, panes }}
        context={context ?? EMPTY_CONTEXT}
        record={props.record}
        capabilities={capabilities}
        callService={callService}
        loadDefinition={props.loadDefinition}
        navigate={props.navigate}
        onError={props.onError}
        onSuccess={props.onSuccess}
        renderMain={(main) => <DefinedScreen {...props} {...main} showTitle={false} onRowOpen={main.onRowOpen} />}
      />
    );
  }
  if (definition.tabs) {
    const { tabs } = definition;
    return (
      <DefinedTabs
        definition={{ ...definition, tabs }}
        context={context ?? EMPTY_CONTEXT}
        record={props.record}
        capabilities={capabilities}
        callService={callService}
        loadDefinition={props.loadDefinition}
        hostTabs={props.hostTabs}
        onError={props.onError}
        onSuccess={props.onSuccess}
        navigate={props.navigate}
        renderTab={(tab) => <DefinedScreen {...props} {...tab} showTitle={false} onRowOpen={undefined} />}
      />
    );
  }
  if (definition.stack) {
    const { stack } = definition;
    return (
      <DefinedStack
        definition={{ ...definition, stack }}
        context={context ?? EMPTY_CONTEXT}
        record={props.record}
        capabilities={capabilities}
        userId={props.userId}
        callService={callService}
        loadDefinition={props.loadDefinition}
        hostPanels={props.hostPanels}
        onError={props.onError}
        onContextChange={props.onContextChange}
        renderPart={(part) => <DefinedScreen {...props} definition={part.definition} context={part.context} height={part.height ?? props.height} showTitle={false} onRowOpen={undefined} />}
      />
    );
  }
  if (definition.recordEditor) {
    return (
      <DefinedRecordEditor definition={definition} context={context ?? EMPTY_CONTEXT} capabilities={capabilities} callService={callService} onSuccess={props.onSuccess} onDirtyChange={props.onDirtyChange} confirm={props.confirm} />
    );
  }
  if (definition.layoutCreate) {
    return (
      <DefinedLayoutCreate
        definition={definition}
        context={context ?? EMPTY_CONTEXT}
        capabilities={capabilities}
        callService={callService}
        onError={props.onError}
        onSuccess={props.onSuccess}
        onDirtyChange={props.onDirtyChange}
        navigate={props.navigate}
        mfa={props.mfa}
      />
    );
  }
  if (definition.recordForm) {
    return (
      <DefinedRecordForm
        definition={definition}
        context={context ?? EMPTY_CONTEXT}
        capabilities={capabilities}
        userId={props.userId}
        callService={callService}
        onError={props.onError}
        onSuccess={props.onSuccess}
        onDirtyChange={props.onDirtyChange}
      />
    );
  }
  if (definition.runner) {
    const { runner } = definition;
    return <DefinedRunner definition={{ ...definition, runner }} context={context} capabilities={capabilities} userId={props.userId} callService={callService} onError={props.onError} navigate={props.navigate} />;
  }
  if (definition.linkLists) {
    const { linkLists } = definition;
    return <LinkLists definition={{ ...definition, linkLists }} context={context ?? EMPTY_CONTEXT} capabilities={capabilities} callService={callService} resolveLink={props.resolveLink} />;
  }
  if (definition.board) {
    const { board } = definition;
    return <BoardAhead definition={{ ...definition, board }} context={context} callService={callService} dialogs={props.dialogs} />;
  }
  if (definition.form) {
    const { form } = definition;
    return (
      <DefinedForm definition={{ ...definition, form }} context={context ?? EMPTY_CONTEXT} callService={callService} onSuccess={props.onSuccess} onError={props.onError} navigate={props.navigate} session={props.signIn} capabilities={capabilities} inCard={!definition.page} />
    );
  }
  if (definition.recordPage) {
    return <DefinedRecord definition={definition} context={context} capabilities={capabilities} callService={callService} onSuccess={props.onSuccess} onError={props.onError} navigate={props.navigate} />;
  }
  if (definition.listEditor) {
    return (
      <DefinedListEditor
        definition={definition}
        context={context}
        capabilities={capabilities}
        callService={callService}
        onError={props.onError}
        onSuccess={(text) => props.onSuccess?.(text)}
        onContextChange={props.onContextChange}
        onDirtyChange={props.onDirtyChange}
        onRunResult={onRunResult}
        navigate={props.navigate}
      />
    );
  }
  if (definition.view === 'cards') return <DefinedCards definition={definition} context={context} capabilities={capabilities} callService={callService} showTitle={showTitle} />;
  if (definition.dataSource.paging.mode === 'tree') return <DefinedTree definition={definition} context={context} callService={callService} showTitle={props.showTitle} />;
  // A published change of the columns (realtime refetch) draws the grid afresh from the definition.
  return <LazyDefinedGrid key={columnsFingerprint(definition.columns)} {...props} showTitle={showTitle} />;
}
