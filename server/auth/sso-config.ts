import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * One OpenID Connect provider the portal signs users in with. The client
 * secret lives here, on the server, never in the branding the browser reads.
 */
export interface SsoProviderConfig {
  /** Stable id: the branding entry's id, the client's `ssoId`, the key of linked identities. */
  id: string;
  /** Button label. */
  name: string;
  /** Issuer URL; its /.well-known/openid-configuration gives the endpoints. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function requiredText(entry: Record<string, unknown>, key: string, where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}: "${key}" must be a non-empty string`);
  return value.trim();
}

/** http is accepted for loopback issuers only (development and the test provider). */
export function isAllowedIssuer(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Validates `{ "providers": [ ... ] }`; a broken configuration stops the server at start. */
export function parseSsoConfig(raw: unknown, source = 'SSO configuration'): SsoProviderConfig[] {
  if (!isObject(raw) || !Array.isArray(raw.providers)) throw new Error(`${source}: expected { "providers": [ ... ] }`);
  const seen = new Set<string>();
  return raw.providers.map((entry: unknown, index) => {
    const where = `${source}: providers[${index}]`;
    if (!isObject(entry)) throw new Error(`${where} must be an object`);
    const provider: SsoProviderConfig = {
      id: requiredText(entry, 'id', where),
      name: requiredText(entry, 'name', where),
      issuer: requiredText(entry, 'issuer', where),
      clientId: requiredText(entry, 'clientId', where),
      clientSecret: requiredText(entry, 'clientSecret', where),
      scope: typeof entry.scope === 'string' && entry.scope.trim() ? entry.scope.trim() : 'openid',
    };
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(provider.id)) throw new Error(`${where}: "id" may hold letters, digits, ".", "_" and "-" only`);
    if (seen.has(provider.id)) throw new Error(`${where}: duplicate id ${provider.id}`);
    seen.add(provider.id);
    if (!isAllowedIssuer(provider.issuer)) throw new Error(`${where}: "issuer" must be an https URL (http only on loopback)`);
    if (!provider.scope.split(/\s+/).includes('openid')) throw new Error(`${where}: "scope" must include openid`);
    return provider;
  });
}

/**
 * `PORTAL_SSO_CONFIG`: the path of a JSON file, or the JSON itself (starting
 * with `{`, handy for containers and the end-to-end tests). Unset: no SSO.
 */
export function ssoProvidersFromEnv(value: string | undefined, root: string): SsoProviderConfig[] {
  const setting = value?.trim();
  if (!setting) return [];
  if (setting.startsWith('{')) return parseSsoConfig(JSON.parse(setting) as unknown, 'PORTAL_SSO_CONFIG');
  const file = resolve(root, setting);
  if (!existsSync(file)) throw new Error(`PORTAL_SSO_CONFIG: ${file} does not exist`);
  return parseSsoConfig(JSON.parse(readFileSync(file, 'utf8')) as unknown, file);
}
