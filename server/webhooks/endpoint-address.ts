/**
 * Where webhooks may go (SSRF): HTTPS URLs whose every resolved address is public unicast. Private,
 * loopback, link-local and other special addresses are refused unless the operator allows them
 * (WEBHOOKS_ALLOW_PRIVATE=1, or WEBHOOKS_ALLOWED_ADDRESSES: comma-separated addresses/CIDRs/ranges).
 * The check runs when an endpoint is saved and again on the address each delivery connects to
 * (deliver.ts passes checkedLookup to the socket), so a DNS answer changed after saving gains nothing.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { parseAddress, parseRange, rangeContains, type IpRange } from '../services/lifecycle/ip-rules';

export interface AddressPolicy {
  allowPrivate: boolean;
  allowed: IpRange[];
}

export function addressPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): AddressPolicy {
  const allowed = (env.WEBHOOKS_ALLOWED_ADDRESSES ?? '')
    .split(',')
    .map((text) => parseRange(text))
    .filter((range): range is IpRange => range !== undefined);
  return { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1', allowed };
}

/** Why an address is refused, or undefined when a webhook may go there. */
export function refusedAddress(ip: string, policy: AddressPolicy): string | undefined {
  const address = parseAddress(ip);
  if (!address) return 'unparsable address';
  if (policy.allowPrivate || policy.allowed.some((range) => rangeContains(range, address))) return undefined;
  const range = address.range();
  return range === 'unicast' ? undefined : `${range} address ${ip}`;
}

/** Why a URL is refused as an endpoint (not resolving it), or undefined. */
export function refusedUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  return undefined;
}

/** Every address a host resolves to, each checked; the first refusal, or undefined when all may be used. */
export async function refusedHost(hostname: string, policy: AddressPolicy): Promise<string | undefined> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return refusedAddress(host, policy);
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise((resolve, reject) =>
      dnsLookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
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
