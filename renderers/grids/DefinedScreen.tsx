/**
 * <DefinedScreen>: a screen definition drawn as it says — a record page (`recordPage`), cards
 * (view "cards"), a tree (paging mode "tree") or a grid — on its page (`page`: the title as the
 * heading, the width, a frame) when it has one. The screens of the app draw every definition
 * through it, so a definition's kind is data, not the screen's code.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsFingerprint, resolveText } from '../../engine/grids';
import { pageFormatting } from '../../contract/formatting';
import { DefinedCards } from './DefinedCards';
import { DefinedGrid, type DefinedGridProps } from './DefinedGrid';
import { DefinedHead } from './DefinedHead';
import { RowDialog, type DefinitionLoader } from './RowDialog';
import { DefinedPage } from './DefinedPage';
import { DefinedRecord } from './DefinedRecord';
import { DefinedTree } from './DefinedTree';

export type DefinedScreenProps = DefinedGridProps & {
  /** Reads another definition (a row's dialog, `rowDialog`); without it rows open no dialog. */
  loadDefinition?: DefinitionLoader;
};

const EMPTY_CONTEXT = {};

export function DefinedScreen(props: DefinedScreenProps) {
  const { definition, context: given = EMPTY_CONTEXT, capabilities, callService, loadDefinition, ...gridProps } = props;
  // A row's dialog (rowDialog) saved something: the rows reload (a changed context draws them afresh).
  const [opened, setOpened] = useState<Record<string, unknown> | undefined>();
  const [round, setRound] = useState(0);
  const context = round === 0 ? given : { ...given, dialogRound: round };
  const rowDialog = definition.rowDialog && loadDefinition ? definition.rowDialog : undefined;
  const onRowOpen = props.onRowOpen ?? (rowDialog ? setOpened : undefined);
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate = useCallback((key: string, values?: Record<string, string | number>) => String(t(key, values)), [t]);
  const page = definition.page;
  // On a page the heading is the title; a tree keeps its own (it heads the tree's switches).
  const showTitle = page ? false : props.showTitle;
  const draw = (shown: typeof context) =>
    definition.recordPage ? (
      <DefinedRecord definition={definition} context={shown} capabilities={capabilities} callService={callService} />
    ) : definition.view === 'cards' ? (
      <DefinedCards definition={definition} context={shown} capabilities={capabilities} callService={callService} showTitle={showTitle} />
    ) : definition.dataSource.paging.mode === 'tree' ? (
      <DefinedTree definition={definition} context={shown} callService={callService} showTitle={props.showTitle} />
    ) : (
      // A published change of the columns (realtime refetch) draws the grid afresh from the definition.
      <DefinedGrid key={columnsFingerprint(definition.columns)} {...gridProps} definition={definition} capabilities={capabilities} callService={callService} context={shown} showTitle={showTitle} onRowOpen={onRowOpen} />
    );
  // A head or a file round trip (engine/grids/screen-head.ts) stands above the rows; the rows may wait for its call.
  const body =
    definition.head || definition.fileTransfer ? (
      <DefinedHead
        definition={definition}
        context={given}
        capabilities={capabilities}
        callService={callService}
        text={(ref, values) => resolveText(ref, translate, locale, values)}
        onError={props.onError}
        onSuccess={props.onSuccess}
        render={(shown) => draw(round === 0 ? shown : { ...shown, dialogRound: round })}
      />
    ) : (
      draw(context)
    );
  const dialog = rowDialog && opened && loadDefinition && (
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
  );
  if (!page) return dialog ? <>{body}{dialog}</> : body;
  return (
    <DefinedPage testId={`${definition.id}-page`} page={page} title={resolveText(definition.title, translate, locale)}>
      {body}
      {dialog}
    </DefinedPage>
  );
}
