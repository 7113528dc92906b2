import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoProviderConfig } from './sso-config';

/**
 * The relying-party side of single sign-on, with openid-client: discovery of
 * each provider (cached; a failure is retried on the next use) and the
 * authorization-code exchange with ID token validation.
 */

const configurations = new Map<string, Promise<oidc.Configuration>>();
const DISCOVERY_TIMEOUT_SECONDS = 10;
/** A provider that failed discovery is asked again after this long, not at every page load. */
const RETRY_AFTER_MS = 5_000;
/** The branding script waits this long at most for a provider: it blocks the page load. */
const BRANDING_WAIT_MS = 3_000;

function discover(provider: SsoProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.issuer}\n${provider.clientId}\n${provider.clientSecret}`;
  let pending = configurations.get(key);
  if (!pending) {
    const issuer = new URL(provider.issuer);
    pending = oidc.discovery(issuer, provider.clientId, { client_secret: provider.clientSecret }, oidc.ClientSecretBasic(provider.clientSecret), {
      // Only loopback issuers may be http (sso-config.ts refuses others).
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    });
    configurations.set(key, pending);
    pending.catch(() => setTimeout(() => configurations.delete(key), RETRY_AFTER_MS).unref());
  }
  return pending;
}

/** What a branding `sso_setup_list` entry holds (spec §3 SSO setup entry). */
export interface SsoSetupEntry {
  id: string;
  name: string;
  client: string;
  auth_endpoint: string;
  scope: string;
}

/** One entry per configured provider that answers its discovery; the others are left out and logged. */
export async function ssoSetupEntries(providers: readonly SsoProviderConfig[], log: FastifyBaseLogger): Promise<SsoSetupEntry[]> {
  const entries = await Promise.all(
    providers.map(async (provider): Promise<SsoSetupEntry | undefined> => {
      try {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('discovery is taking too long')), BRANDING_WAIT_MS);
        });
        const configuration = await Promise.race([discover(provider), timeout]).finally(() => clearTimeout(timer));
        const endpoint = configuration.serverMetadata().authorization_endpoint;
        if (!endpoint) throw new Error('the provider has no authorization_endpoint');
        return { id: provider.id, name: provider.name, client: provider.clientId, auth_endpoint: endpoint, scope: provider.scope };
      } catch (error) {
        log.warn({ err: error, sso: provider.id }, 'single sign-on provider unavailable; its button is left out');
        return undefined;
      }
    }),
  );
  return entries.filter((entry): entry is SsoSetupEntry => entry !== undefined);
}

export class SsoProviderUnavailable extends Error {}
export class SsoExchangeFailed extends Error {}

export interface VerifiedIdentity {
  subject: string;
  email?: string;
  name?: string;
}

/**
 * Redeems the code at the provider's token endpoint (client secret, PKCE
 * verifier, the redirect URI the code was issued for) and validates the ID
 * token (issuer, audience, signature, expiry). The state was verified and
 * burnt by the caller (sso-state.ts).
 */
export async function exchangeCode(
  provider: SsoProviderConfig,
  input: { code: string; state: string; redirectUri: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  let configuration: oidc.Configuration;
  try {
    configuration = await discover(provider);
  } catch (error) {
    throw new SsoProviderUnavailable(String(error));
  }
  const callback = new URL(input.redirectUri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  // The portal route /sso-auth/{code}/{state} does not carry the `iss` response
  // parameter (RFC 9207); the signed state already binds the code to this
  // provider, so the expected issuer is supplied here.
  if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
    callback.searchParams.set('iss', configuration.serverMetadata().issuer);
  }
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      expectedState: input.state,
      pkceCodeVerifier: input.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('no subject in the ID token');
    let profile: Record<string, unknown> = claims;
    // Many providers keep name and e-mail out of the ID token: ask the UserInfo endpoint (same subject enforced).
    if ((typeof claims.name !== 'string' || typeof claims.email !== 'string') && configuration.serverMetadata().userinfo_endpoint) {
      profile = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    }
    return {
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email : undefined,
      name: typeof profile.name === 'string' ? profile.name : undefined,
    };
  } catch (error) {
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) throw new SsoProviderUnavailable(error.message);
    throw new SsoExchangeFailed(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The branding file's `sso_setup_list` with the configured providers merged
 * in (a configured id replaces a file entry with the same id).
 */
export function withSsoEntries(branding: unknown, entries: readonly SsoSetupEntry[]): unknown {
  if (typeof branding !== 'object' || branding === null || Array.isArray(branding) || entries.length === 0) return branding;
  const record = branding as Record<string, unknown>;
  const fromFile = Array.isArray(record.sso_setup_list) ? record.sso_setup_list : [];
  const configured = new Set(entries.map((entry) => entry.id));
  const kept = fromFile.filter((entry: unknown) => !(typeof entry === 'object' && entry !== null && configured.has(String((entry as { id?: unknown }).id))));
  return { ...record, sso_setup_list: [...kept, ...entries] };
}
