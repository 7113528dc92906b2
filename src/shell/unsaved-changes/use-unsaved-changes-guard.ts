import type { TFunction } from 'i18next';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, type Blocker, type BlockerFunction } from 'react-router-dom';
import { confirm, isConfirmCancelled } from '../confirm/confirm-store';

/** Where a discarded edit's link leads; an object so tests can watch it. */
export const leavePage = {
  to(href: string, newTab: boolean): void {
    if (newTab) window.open(href, '_blank', 'noopener');
    else window.location.assign(href);
  },
};

const IDLE_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };
let guards = 0;

/**
 * React Router's useBlocker, registered only while `active`. The router warns on every hash change made outside
 * it (a plain link, a typed address, the browser's back to such an entry) while any blocker is registered, even
 * one that lets everything pass; a clean form registers none.
 */
function useBlockerWhile(active: boolean, shouldBlock: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const [key] = useState(() => `unsaved-changes-${++guards}`);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    if (!router || !active) return undefined;
    router.getBlocker(key, (args) => latest.current(args));
    return () => router.deleteBlocker(key);
  }, [router, key, active]);
  return state?.blockers.get(key) ?? IDLE_BLOCKER;
}

/** The app uses hash routes: a link that only changes the hash stays in the app. */
function isSamePage(anchor: HTMLAnchorElement): boolean {
  const target = new URL(anchor.href, window.location.href);
  return target.origin === window.location.origin && target.pathname === window.location.pathname && target.search === window.location.search;
}

/** Spec §9: the unsaved-changes dialog's width. */
export const UNSAVED_CHANGES_DIALOG_WIDTH = 450;

/** Clicks inside an element with this attribute are never intercepted (the form's own links and buttons). */
export const UNSAVED_CHANGES_EXCLUDE_ATTRIBUTE = 'data-unsaved-changes-exclude';

/** The one unsaved-changes question: true when the user chose to discard. */
export function confirmDiscardChanges(t: TFunction): Promise<boolean> {
  return confirm({
    title: t('shell.unsaved.title'),
    text: t('shell.unsaved.text'),
    width: UNSAVED_CHANGES_DIALOG_WIDTH,
    confirmLabel: t('shell.unsaved.discard'),
    cancelLabel: t('shell.unsaved.continueEditing'),
    destructive: true,
  }).then(
    () => true,
    (error: unknown) => {
      if (isConfirmCancelled(error)) return false;
      throw error;
    },
  );
}

/**
 * For a modal editor: the close to give its Cancel button and onClose (backdrop,
 * Escape). With unsaved edits it asks first; leaving the page while the modal is
 * open asks through useUnsavedChangesGuard, which this calls too.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void): () => void {
  const { t } = useTranslation();
  useUnsavedChangesGuard(dirty);
  return () => {
    if (!dirty) onClose();
    else void confirmDiscardChanges(t).then((discard) => discard && onClose());
  };
}

/**
 * Guards a form's unsaved edits (spec §4): while `dirty`, leaving through the
 * router or through a link outside the excluded elements asks first, with
 * "continue editing" or "discard". Reloading or closing the tab gets the
 * browser's own question.
 *
 *   const dirty = formState.changed;
 *   useUnsavedChangesGuard(dirty);
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const { t } = useTranslation();
  const blocker = useBlockerWhile(dirty, ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  // The question is asked once per blocked attempt (its location's key), from an effect, not from render: the
  // router's reset after "continue editing" may reach this component after a render of its own (the router
  // updates in a transition), which must not ask again for the attempt just answered (a second dialog stayed
  // over the saved quote, CI of stop 49).
  const askedFor = useRef<string | undefined>(undefined);

  const ask = () => confirmDiscardChanges(t);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askedFor.current = undefined;
      return;
    }
    const attempt = blocker.location.key;
    if (askedFor.current === attempt) return;
    askedFor.current = attempt;
    void ask().then((discard) => {
      if (discard) blocker.proceed();
      else blocker.reset();
    });
  });

  // Links the router does not see: other apps, new tabs, downloads.
  useEffect(() => {
    if (!dirty) return undefined;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.closest(`[${UNSAVED_CHANGES_EXCLUDE_ATTRIBUTE}]`)) return;
      // Links within this page (hash routes) go through the router, where the blocker asks.
      if (isSamePage(anchor)) return;
      event.preventDefault();
      event.stopPropagation();
      void ask().then((discard) => {
        if (discard) leavePage.to(anchor.href, anchor.target === '_blank');
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
    // `ask` only reads translations; re-binding on language change is not needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dirty]);
}

/** The guard for a screen told when its form turns dirty or clean (a renderer's onDirtyChange). */
export function useUnsavedChangesReport(): (dirty: boolean) => void {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  return setDirty;
}
