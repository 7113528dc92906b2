/** Renderers of Engine II: <DefinedGrid> and the pieces other screens may reuse. */
export { DefinedGrid, type DefinedGridProps } from './DefinedGrid';
export type { GridServiceCaller } from './grid-service';
export { StatusChip } from './cells/StatusCell';
export { ServiceImage } from './cells/ServiceImage';
export { BooleanMark } from './cells/BooleanCell';
export { EntityLink } from './cells/LinkCell';
export { gridThemeFor } from './grid-theme';
// Used by screens that act on a row outside the grid (same dialog and call as the grid's own actions).
export { ActionDialog, type ActionDialogProps } from './ActionDialog';
export { ActionIcon, ACTION_ICON_NAMES } from './action-icons';
export { runGridAction, type RunActionInput } from './run-action';
export { downloadFileResult, downloadBlob } from './download';
export { DefinedTree, type DefinedTreeProps } from './DefinedTree';
export { DefinedCards, type DefinedCardsProps } from './DefinedCards';
export { DefinedLines, type DefinedLinesProps } from './DefinedLines';
export { DefinedListEditor, type DefinedListEditorProps } from './DefinedListEditor';
export { DefinedRecord, type DefinedRecordProps } from './DefinedRecord';
export { DefinedRecordEditor, type DefinedRecordEditorProps, type EditorQuestion } from './DefinedRecordEditor';
export { DefinedScreen, type DefinedScreenProps } from './DefinedScreen';
export { DefinedPage, type DefinedPageProps } from './DefinedPage';
export { DefinedRunner, type DefinedRunnerProps } from './DefinedRunner';
export { LinkLists, type LinkListsProps } from './LinkLists';
export { DefinedForm, type DefinedFormProps } from './DefinedForm';
export { DefinedBoard, type BoardDialogs, type DefinedBoardProps } from './DefinedBoard';
export { BoardCard, type BoardCardProps, type BoardTexts } from './BoardCard';
export { ReportResult, type ReportResultProps, type ReportResultTexts } from './ReportResult';
export type { SessionTarget, SignInSession } from './sign-in-session';
