import { useState } from 'react';
import type { ScreenDefinition } from '../../engine/grids';
import { confirm, isConfirmCancelled, type ConfirmOptions } from './confirm';
import { useUnsavedChangesGuard } from './unsaved-changes';

/** The app's confirmation dialog as a question: true when confirmed. */
export const askConfirm = (question: ConfirmOptions) =>
  confirm(question).then(
    () => true,
    (error: unknown) => {
      if (isConfirmCancelled(error)) return false;
      throw error;
    },
  );

/**
 * What a defined screen gets from the shell: its questions asked by the app's confirmation dialog, and
 * (a record editor, unless the screen follows its edits itself) leaving with unsaved edits asks first.
 */
export function useDefinedScreenShell(definition: ScreenDefinition | undefined, onDirtyChange: ((dirty: boolean) => void) | undefined) {
  const [unsaved, setUnsaved] = useState(false);
  useUnsavedChangesGuard(unsaved);
  return { confirm: askConfirm, onDirtyChange: onDirtyChange ?? (definition?.recordEditor ? setUnsaved : undefined) };
}
