import type { SessionValueName, SessionValues } from '../../engine/grids';

/** Where the sign-in goes on: a route of the app (with the router's state, e.g. an identity to link) or an address of the main app. */
export type SessionTarget = { path: string; state?: unknown } | { href: string };

/**
 * The host's sign-in in progress (the app's src/session), for a form that is a step of it (`form.session`,
 * `choice`, `send`, `passkey`, `done.session`): what it holds, a choice in it, and how an answer goes on.
 */
export interface SignInSession {
  /** The user name and password waiting for a code, the user's methods and the chosen one, the single sign-on provider chosen. */
  values(): SessionValues;
  /** A choice of the sign-in (e.g. `method`: the chosen option's value). */
  choose(name: SessionValueName, value: unknown): void;
  /** Ends the sign-in in progress (back to the sign-in page). */
  forget(): void;
  /** True the first time `key` is asked during this sign-in (a code mailed once, not at every remount). */
  firstTime(key: string): boolean;
  /**
   * A sign-in method answered: the host takes the answer (MFA to set up, signed in, an identity to link) and says
   * where to go at the end: `redirect.value` (the page's own, e.g. its ?redirect=), or without `redirect` the one
   * the host kept when a single sign-on started. Rejects with the text to show.
   */
  answered(answer: unknown, redirect: { value: string | undefined } | undefined): Promise<SessionTarget>;
  /**
   * The submit changed the signed-in user (`done.session.refresh`: e.g. MFA no longer to set up): the host reads the
   * user again and says where to go (`redirect.value`, else the start page).
   */
  refreshed?: (redirect: { value: string | undefined } | undefined) => Promise<SessionTarget>;
  /** Signs the user out (a footer button's `signOut`). */
  signOut?: () => Promise<void>;
  /** Signs in with a passkey of the browser, then as `answered`; undefined where the browser has none. */
  passkey?: (redirect: { value: string | undefined } | undefined) => Promise<SessionTarget>;
}
