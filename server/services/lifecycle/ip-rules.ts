/**
 * IP allow and deny entries (spec §5): each entry is a comma-separated list of
 * IPv4 or IPv6 addresses, CIDR blocks or hyphenated ranges (a-b, same family,
 * a <= b). Pure: parsing, and the decision for one address (deny wins; an
 * empty allow list allows every address that no deny entry names).
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type IpRange = { kind: 'cidr'; network: Address; bits: number } | { kind: 'range'; from: Address; to: Address };

export interface IpRestrictionEntry {
  Type: 'Allow' | 'Deny';
  Ranges: string;
  Description?: string | null;
}

export interface IpRestrictions {
  IsEnabled: boolean;
  Entries: IpRestrictionEntry[];
}

/** IPv4 only in dotted four-part decimal (ipaddr.js would also take "10" or "0x0a.1"); IPv4-mapped IPv6 becomes IPv4. */
export function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return undefined;
  return ipaddr.process(text);
}

const compare = (a: Address, b: Address) => {
  const x = a.toByteArray();
  const y = b.toByteArray();
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/** One range text ("10.0.0.0/8", "2001:db8::/32", "10.0.0.1-10.0.0.9", "::1"), or undefined when it is none. */
export function parseRange(text: string): IpRange | undefined {
  const value = text.trim();
  if (!value || value.length > 100) return undefined;
  if (value.includes('/')) {
    const [address, bits, ...rest] = value.split('/');
    if (rest.length || !/^\d{1,3}$/.test(bits)) return undefined;
    const network = parseAddress(address);
    const size = Number(bits);
    if (!network || size > (network.kind() === 'ipv4' ? 32 : 128)) return undefined;
    return { kind: 'cidr', network, bits: size };
  }
  const parts = value.split('-');
  if (parts.length > 2) return undefined;
  const from = parseAddress(parts[0].trim());
  const to = parts.length === 2 ? parseAddress(parts[1].trim()) : from;
  if (!from || !to || from.kind() !== to.kind() || compare(from, to) > 0) return undefined;
  return { kind: 'range', from, to };
}

/** The ranges of an entry, or every piece that is not a range (what the refusal names, all at once). */
export function parseEntry(ranges: string): { ranges: IpRange[] } | { invalid: string[] } {
  const pieces = ranges.split(',').map((piece) => piece.trim());
  const parsed: IpRange[] = [];
  const invalid: string[] = [];
  for (const piece of pieces) {
    const range = parseRange(piece);
    if (range) parsed.push(range);
    else invalid.push(piece || ranges.trim() || ',');
  }
  return invalid.length > 0 ? { invalid } : { ranges: parsed };
}

export function rangeContains(range: IpRange, address: Address): boolean {
  if (range.kind === 'cidr') return range.network.kind() === address.kind() && address.match(range.network, range.bits);
  return range.from.kind() === address.kind() && compare(range.from, address) <= 0 && compare(address, range.to) <= 0;
}

export interface CompiledRestrictions {
  enabled: boolean;
  allow: IpRange[];
  deny: IpRange[];
}

/** Stored entries are valid (checked on save); a piece that is not (an edited database) is skipped. */
export function compileRestrictions(restrictions: IpRestrictions | undefined): CompiledRestrictions {
  const compiled: CompiledRestrictions = { enabled: restrictions?.IsEnabled === true, allow: [], deny: [] };
  for (const entry of restrictions?.Entries ?? []) {
    for (const piece of entry.Ranges.split(',')) {
      const range = parseRange(piece);
      if (range) (entry.Type === 'Deny' ? compiled.deny : compiled.allow).push(range);
    }
  }
  return compiled;
}

/** Deny wins; with allow entries only they pass; without any, everyone not denied. Unparseable addresses pass only when nothing is enforced. */
export function isAddressAllowed(compiled: CompiledRestrictions, ip: string): boolean {
  if (!compiled.enabled || (compiled.allow.length === 0 && compiled.deny.length === 0)) return true;
  const address = parseAddress(ip.trim());
  if (!address) return false;
  if (compiled.deny.some((range) => rangeContains(range, address))) return false;
  return compiled.allow.length === 0 || compiled.allow.some((range) => rangeContains(range, address));
}
