/**
 * For forms: `useUnsavedChangesGuard(dirty)` asks before the user leaves with
 * unsaved edits; modal editors close through `useGuardedClose(dirty, onClose)`.
 * Mark the form's own area with `data-unsaved-changes-exclude` so its links do not ask. Needs <ConfirmHost/> (both layouts mount it).
 */
export { confirmDiscardChanges, useGuardedClose, useUnsavedChangesGuard, useUnsavedChangesReport, UNSAVED_CHANGES_DIALOG_WIDTH, UNSAVED_CHANGES_EXCLUDE_ATTRIBUTE } from './use-unsaved-changes-guard';
