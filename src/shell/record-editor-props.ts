import { confirm, isConfirmCancelled, type ConfirmOptions } from './confirm';

/**
 * The app's confirmation dialog as a question, true when confirmed: what a defined screen asks with before an
 * act (a record editor's send, decline …). Leaving with unsaved edits is asked by the screen's frame.
 */
export const askConfirm = (question: ConfirmOptions) =>
  confirm(question).then(
    () => true,
    (error: unknown) => {
      if (isConfirmCancelled(error)) return false;
      throw error;
    },
  );
