import type { SsoSetup } from '../../branding';

/** What the server hands out to start a sign-on (Authorization/CreateOpenIdState). */
export interface OpenIdStart {
  State: string;
  CodeChallenge: string;
  CodeChallengeMethod: 'S256';
}

/**
 * The provider's authorization request (spec §7): client_id, response_type=code,
 * state (signed by the server: the return address and a nonce), redirect_uri,
 * scope, plus the PKCE challenge. Parameters already in auth_endpoint are kept.
 */
export function buildAuthorizationUrl(entry: SsoSetup, start: OpenIdStart, redirectUri: string): string {
  const url = new URL(entry.auth_endpoint);
  url.searchParams.set('client_id', entry.client);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', start.State);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', entry.scope || 'openid');
  url.searchParams.set('code_challenge', start.CodeChallenge);
  url.searchParams.set('code_challenge_method', start.CodeChallengeMethod);
  return url.toString();
}

/** Where the provider sends the browser back: this app's page without query or hash (the guard takes code and state from there). */
export function appRedirectUri(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}
