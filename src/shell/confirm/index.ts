/**
 * Ask before doing something: `await confirm({ title, text })` resolves on
 * confirm and rejects (isConfirmCancelled) on cancel or Escape.
 *
 *   try { await confirm({ title: t('x.title'), text: t('x.text') }); } catch (e) { if (isConfirmCancelled(e)) return; throw e; }
 */
export { confirm, isConfirmCancelled, ConfirmCancelledError, CONFIRM_DEFAULT_WIDTH } from './confirm-store';
export type { ConfirmOptions } from './confirm-store';
export { ConfirmHost } from './ConfirmHost';
