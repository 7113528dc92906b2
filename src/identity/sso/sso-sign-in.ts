/**
 * The browser side of single sign-on (spec §2, §7): start at the provider,
 * finish with the code and state it sends back, and sign in like a password
 * sign-in does. The chosen provider is kept in localStorage ssoId/ssoName
 * (sign-out clears them); the page to return to in sessionStorage.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../contract';
import { callService } from '../../api';
import type { SsoSetup } from '../../branding';
import { activeLocale } from '../../i18n/active-texts';
import { afterSignInTarget, type NavigationTarget } from '../../router/redirect-target';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user-key';
import { appRedirectUri, buildAuthorizationUrl } from './authorization-url';

export const SSO_ID_KEY = 'ssoId';
export const SSO_NAME_KEY = 'ssoName';
const SSO_REDIRECT_KEY = 'access.ssoRedirect';

function store(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Blocked storage: SSO still works, only the provider name and return page are forgotten.
  }
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

export const chosenSsoId = () => read(() => localStorage, SSO_ID_KEY);
export const chosenSsoName = () => read(() => localStorage, SSO_NAME_KEY);

/** Asks the server for a signed state and goes to the provider's authorization endpoint. */
export async function startSsoSignIn(entry: SsoSetup, redirect: string | null): Promise<void> {
  const redirectUri = appRedirectUri(window.location);
  const start = await callService('Authorization', 'CreateOpenIdState', { clientName: entry.id, redirectUri });
  store(() => localStorage, SSO_ID_KEY, entry.id);
  store(() => localStorage, SSO_NAME_KEY, entry.name);
  store(() => sessionStorage, SSO_REDIRECT_KEY, redirect);
  window.location.assign(buildAuthorizationUrl(entry, start, redirectUri));
}

/** Signed in through SSO: cache the user, tell the server the language, and say where to go. */
export async function finishSsoSignIn(queryClient: QueryClient, user: SessionUser): Promise<NavigationTarget> {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  await callService('Authorization', 'SetLanguage', { languageCode: activeLocale() }, { suppressErrors: true }).catch((error: unknown) =>
    console.error('SetLanguage after single sign-on failed', error),
  );
  const redirect = read(() => sessionStorage, SSO_REDIRECT_KEY);
  store(() => sessionStorage, SSO_REDIRECT_KEY, null);
  return afterSignInTarget({ next: user.MustSetupMfa ? 'mfaSetup' : 'done', user }, redirect);
}

/** What /sso-link/{token} receives from the provider's return: how the provider knows the person. */
export interface SsoLinkState {
  name: string | null;
  email: string | null;
}

export type OpenIdAnswer = Awaited<ReturnType<typeof authenticateOpenId>>;

export function authenticateOpenId(code: string, state: string) {
  return callService('Authorization', 'AuthenticateOpenId', { code, state, clientName: chosenSsoId() }, { suppressErrors: true });
}

export const isLinkRequired = (answer: OpenIdAnswer): answer is Extract<OpenIdAnswer, { LinkRequired: true }> =>
  'LinkRequired' in answer && answer.LinkRequired === true;
