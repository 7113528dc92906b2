/**
 * TRUST_PROXY: which peers may tell the server the client's address and scheme
 * (X-Forwarded-For, -Proto, -Host). The client's address is then the nearest
 * address in X-Forwarded-For that no trusted proxy wrote: the one the outermost
 * trusted proxy saw. The leftmost entries are what the client itself sent, so
 * they decide nothing (allow-lists, per-address throttles, audit).
 *
 *   unset, "", "0", "false"   off: the socket's peer is the client
 *   "1", "true", a number n   n proxy hops (the socket's peer and the n-1 before it)
 *   "10.0.0.5, 10.1.0.0/16"   the proxies' addresses, CIDR blocks or ranges
 *
 * Fastify's own hop-count option is off by design in Fastify 5 (a hop count cannot
 * tell a proxy from a client connecting directly), so both forms are handed to
 * Fastify as a trust function. A hop count is right only when the instances are
 * reachable through the proxy alone (deploy/compose.yaml: `expose`, no `ports`);
 * otherwise name the proxies' addresses.
 */
import { parseAddress, parseRange, rangeContains, type IpRange } from '../services/lifecycle/ip-rules';

export type TrustProxy = false | number | readonly string[];

/** Whether the address `hop` steps from the server (0 = the socket's peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  // A typo here would silently trust nobody (or be read as a hop count): refuse to start instead.
  const invalid = entries.find((entry) => !parseRange(entry));
  if (invalid !== undefined) throw new Error(`TRUST_PROXY: "${invalid}" is neither a hop count nor an IP address, CIDR block or range`);
  return entries;
}

/** Fastify's `trustProxy` option for the setting (false when off). */
export function proxyTrust(trust: TrustProxy): ProxyTrust | false {
  if (trust === false || trust === 0) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const ranges = trust.map((entry) => parseRange(entry)).filter((range): range is IpRange => range !== undefined);
  return (address) => {
    const parsed = parseAddress(address);
    return parsed !== undefined && ranges.some((range) => rangeContains(range, parsed));
  };
}
