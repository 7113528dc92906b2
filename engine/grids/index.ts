/**
 * Engine II: screen definitions → grid models. Pure TypeScript (no React, no
 * AG Grid); renderers/grids draws the model. See screen-definitions/README.md.
 */
export * from './definition-schema';
export * from './grid-query';
export { meetsAccess, holds } from './access';
export { kindLabel, resolveText, statusLabel, type Translate } from './texts';
export { applyBindings, setPath, BindingError, type ScreenContext } from './bindings';
export { buildPageBody, buildMetadataBody, followedState, keepHolds, readAllRows, readServerPage, rowIdOf, rowsFollowed, PageShapeError } from './data-source';
export { clientPage, filterRows, sortRows, compareValues } from './client-rows';
export { emptyCursorBook, cursorBookFor, cursorFor, rememberCursor, type CursorBook } from './keyset-cursors';
export {
  buildGridModel,
  canOpenScreen,
  gridDefaultSort,
  gridPageSize,
  filterOperator,
  type GridModel,
  type GridModelInput,
  type GridColumnModel,
  type GridFilterFieldModel,
  type GridActionModel,
  type DetailFieldModel,
  type FilterOption,
  type ValueFormat,
  type ChipColor,
} from './grid-model';
export { filterModelFromValues, optionsFromMetadata, activeFilterCount, type FilterValue, type FilterValues } from './filter-values';
export { optionsBody, readOptions, type SourceOption } from './option-source';
export { cleanTags, confirmValues, fieldOptions, listCallBody, listRows, routeWithContext, wireRow, type ListRow } from './list-editor';
export { actionAppliesTo, applicableIds, actionBodies, readActionOutcome, type ActionOutcome } from './actions';
export { formatValue, formatDate, formatMoney, formatNumber, historyEntries, linkTarget, linkedParts, type HistoryEntry, type TextPart } from './format-value';
export { columnStateKey, columnsFingerprint } from './column-state-key';
export { exportTable, toCsv, safeFileName, type ExportColumn, type ExportTable } from './export-table';
export { compileExpression, expressionProblem, roundTo, ExpressionError, type CompiledExpression, type ExpressionValue } from './expressions';
export {
  parseEditValue,
  problemText,
  problemValues,
  typedEdit,
  refusedByServer,
  revertRefusedField,
  isEmptyEdit,
  shownRow,
  bulkEdited,
  saveBodies,
  aggregateRow,
  buildEditingModel,
  type RowEdit,
  type EditProblem,
  type EditingModel,
  type AggregateKind,
} from './editing';
export { detailValueText, detailTextValues, detailText, shownDetailFields, detailButtonsFor, detailCallBody, uploadAccepts, uploadAcceptAttribute, detailFiles, fileSizeText, fileDownloadable, progressPercent, followsRow, detailGridContext } from './detail-panel';
export { detailLoadBody, readDetailRows, detailHeadingName, masterDetailModel, structureColumns, type MasterDetailModel, type StructureColumnModel } from './master-detail';
export { withFacets, initialSearchText, facetsActive, toggleFacetValue, facetItems, switchCount, type FacetChoices, type FacetItem, type FacetValue } from './facets';
export { chosenTab, listedTabs, tabContext, tabPageTestId, tabRoute, tabsFromAnswer, tabTestId, type TabEntry } from './tabs';
export { shownStackParts, stackPartContext, stackSourceReady, stackRows, sourceRows, isOwn, type StackFacts } from './stack';
export { paneContext, openedNodes, headName, headTrail, recordHeadChips, headRoute, linkRows, linksFromRows, headValues, lookupKey, type TrailEntry, type RecordHeadChip, type RowLink } from './panes';
export { treeLevelBody, readTreeLevel, visibleTreeRows, treeKeyMove, treePaging, type TreeLevel, type TreeRow, type TreeMove } from './tree';
export {
  lineEditorModel,
  cellShown,
  newLine,
  linesFromRows,
  chooseOption,
  typeInLine,
  typedText,
  lineProblems,
  lineChosen,
  shownLine,
  lineEntries,
  lineGroups,
  lookupBody,
  optionRows,
  captionText,
  type EditorLine,
  type LineEditorModel,
  type LineGroup,
} from './line-editor';
export { offsetPageBody, readOffsetPage, fillRoute, offsetPaging, DEFAULT_CARDS_PAGE_SIZE } from './cards';
export { bulletItems, headerLinks, itemLines, namedValues, recordCallBody, stateNotice, type ItemLine, recordConditionHolds, recordWhenHolds, recordPageModel, recordRoute, recordValueText, shownButtons, valueAt, type RecordPageModel } from './record-page';
export { createdRoute, readPath, layoutCreateState, layoutCreateTitle, layoutCreateViews, noticeShown, type LayoutCreateState, type NoticeFormat, type NoticeShown } from './layout-create';
export { editRows, mayChangeRecord, recordFormBody, recordFormDirty, recordFormProblems, recordFormValues, rowIncomplete, toggleOption, type RecordValues } from './record-form';
export {
  CAPABILITY_FLAGS,
  capabilityKey,
  chosenHint,
  createdRow,
  createFormBody,
  fileAccepted,
  formDownloadBody,
  formFor,
  heldFlags,
  initialFormValues,
  invalidFields,
  fieldInvalid,
  missingFields,
  offeredOptions,
  shownOnceSecret,
  withPickedFile,
  type CapabilityFlag,
  type FormValue,
  type FormValues,
  type PickedFile,
} from './create-form';
export { detailActionApplies, detailActionBody, detailActionCount, detailActionsFor } from './detail-actions';
export { headingValues, jobAfterEvent, jobRunning, jobsOf, jobsProgress, movedTo, orderedRows, recordBody, recordContext, recordReady, reorderBody, type JobEvent, type JobsProgress } from './screen-frame';
export { formOptionsBody, formOptionsOf, formWithOptions, routeAfterCreate } from './create-form-options';
export { acceptsFile, editorActionBody, editorConditionsHold, editorEntries, editorFieldProblem, editorFieldsBody, editorFormValues, editorTextValues, editorValueAt, fieldStartValue, fillPath, lookupChoice, sentValue, setAt, today as todayText, type EditorEntry, type EditorTextParts, type FieldProblem } from './record-editor';
export { errorStatus, headCallBody, headChips, headRefusal, headSubtitle, uploadBody, uploadOutcome, type UploadOutcome } from './screen-head';
export { changedRows, firstChoice, previewCellKey, readPreview, roundTripContext, roundTripFileName, rowChanged, rowDialogContext, type RoundTripPreview } from './file-round-trip';
export { chosenRunnerRow, runnerInputsOf, runnerInputValue, runnerRowRoute, runnerRunBody } from './runner';
export { conflictConfirmation, listRowsOf, listWithRow, nextRowValue, previewModel, rowFieldCallBody, rowFieldCallOptions, rowFieldHelp, rowFieldLocked, rowFieldOptions, rowFieldShown, rowFieldSuffix, rowFormProblems, rowFormReadOnly, rowFormRow, rowFormValues, rowListBody, rowRecordCall, rowRemoveBody, CAPABILITY_MATRIX, capabilityEntryCode, capabilityEntryName, objectTypeName, type ConflictDefinition, type PreviewModel, type RowFieldProblem, type RowFormOption, type RowFormValues } from './row-form';
export { searchedText } from './grid-search';
export { linkDestination, linkItemDetails, linkItemMuted, linkListBody, linkListPage, shownLinkLists, type LinkDestination, type LinkListPage, type ResolveLink } from './link-lists';
export { BOARD_CARD_FIELDS, boardFigure, boardItemLine, boardPointLabel, type BoardCard, type BoardFormat, type BoardItem, type BoardPoint } from './board';
export { codeDigits, codeLength, confirmKey, confirmMismatch, durationSeconds, failedRulesOf, firstWhen, formFieldError, formFieldShown, formFieldValue, formReady, formStage, prepareBody, preparedAnswer, preparedField, prepareThenBody, stageFields, type FormStage, formStartValues, formSubmitBody, formTarget, formUnavailable, owningOption, parseIdList, policyCheckBody, routeFilled, ruleState, sentText, unitKey, type FormTarget, type RuleState, type TypedValues } from './form';
export { choiceOptions, choiceSelected, introOf, sendBody, sendOnceKey, sessionHolds, sessionMissing, sessionValue, type FormFacts, type SessionValues } from './form-session';
export { PUBLIC_ADDRESS, isPublicAddressPath } from './addresses';
export { BROWSER_STORE, browserStoreCall, browserStoreParams, type BrowserStore, type BrowserStores } from './browser-stores';
