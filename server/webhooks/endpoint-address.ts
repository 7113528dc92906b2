/**
 * Where webhooks may go (SSRF): HTTPS URLs whose every resolved address is public unicast. Private,
 * loopback, link-local and other special addresses are refused unless the operator allows them
 * (WEBHOOKS_ALLOW_PRIVATE=1, or WEBHOOKS_ALLOWED_ADDRESSES: comma-separated addresses/CIDRs/ranges).
 * PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1 lets a developer's receiver on this machine take events, over plain
 * http too (no certificate to make); it is ignored in production (NODE_ENV=production).
 * The check runs when an endpoint is saved and again on the address each delivery connects to
 * (deliver.ts passes checkedLookup to the socket), so a DNS answer changed after saving gains nothing.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { parseAddress, parseRange, rangeContains, type IpRange } from '../services/lifecycle/ip-rules';

export interface AddressPolicy {
  allowPrivate: boolean;
  allowed: IpRange[];
  /** Loopback receivers allowed, http:// included (development only). */
  allowLoopback?: boolean;
}

const LOOPBACK_SWITCH = 'PORTAL_WEBHOOKS_ALLOW_LOOPBACK';
const asked = (env: NodeJS.ProcessEnv) => env[LOOPBACK_SWITCH] === '1';
const production = (env: NodeJS.ProcessEnv) => env.NODE_ENV === 'production';

/** Why the loopback switch is ignored (logged when the jobs start), or undefined when it is not set or applies. */
export function loopbackSwitchIgnored(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return asked(env) && production(env)
    ? `${LOOPBACK_SWITCH}=1 is ignored because NODE_ENV=production: webhooks go to https:// addresses that are not loopback`
    : undefined;
}

export function addressPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): AddressPolicy {
  const allowed = (env.WEBHOOKS_ALLOWED_ADDRESSES ?? '')
    .split(',')
    .map((text) => parseRange(text))
    .filter((range): range is IpRange => range !== undefined);
  return { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1', allowed, allowLoopback: asked(env) && !production(env) };
}

/** Why an address is refused, or undefined when a webhook may go there. */
export function refusedAddress(ip: string, policy: AddressPolicy): string | undefined {
  const address = parseAddress(ip);
  if (!address) return 'unparsable address';
  if (policy.allowPrivate || policy.allowed.some((range) => rangeContains(range, address))) return undefined;
  const range = address.range();
  if (range === 'loopback' && policy.allowLoopback) return undefined;
  return range === 'unicast' ? undefined : `${range} address ${ip}`;
}

/** A host that is this machine by name or address (an address is checked again when it is resolved). */
function loopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** Why a URL is refused as an endpoint (not resolving it), or undefined: https only, http to loopback when the policy allows it. */
export function refusedUrl(text: string, policy?: AddressPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  const plainLoopback = url.protocol === 'http:' && policy?.allowLoopback === true && loopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !plainLoopback) return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  return undefined;
}

/** The resolver's shape (node:dns lookup with all: true); a test hands in one of its own. */
export type ResolveAll = (host: string, options: { all: true }, callback: (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => void) => void;

/** Every address a host resolves to, each checked; the first refusal, or undefined when all may be used. */
export async function refusedHost(hostname: string, policy: AddressPolicy, resolveAll: ResolveAll = dnsLookup): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return refusedAddress(host, policy);
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise((resolve, reject) =>
      resolveAll(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
  } catch {
    return 'host does not resolve';
  }
  for (const { address } of addresses) {
    const refusal = refusedAddress(address, policy);
    if (refusal) return refusal;
  }
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket `lookup` that refuses a resolved address the policy forbids (checked at connect time). */
export function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.map(({ address }) => refusedAddress(address, policy)).find(Boolean);
      if (refused) return callback(Object.assign(new Error(`refused: ${refused}`), { code: 'EWEBHOOKADDRESS' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
