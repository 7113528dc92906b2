/**
 * The grants inside capability sets, compared flag by flag: what a change
 * grants anew, and whether the caller holds it (nobody grants what they lack).
 */
import type { Static } from '@sinclair/typebox';
import type { Capability } from '../../../contract';
import type { CapabilityEntrySchema } from '../../../contract/services/security';
import { fault } from '../../fault';

export type CapabilityEntry = Static<typeof CapabilityEntrySchema>;

const FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;
type Flag = (typeof FLAGS)[number];

/** One flag of one object type (optionally for one service, with one qualifier). */
export interface Grant {
  objectType: string;
  serviceName: string;
  value: string;
  flag: Flag;
}

const keyOf = (grant: Grant) => JSON.stringify([grant.objectType, grant.serviceName, grant.value, grant.flag]);

/** Entries as stored: only flags that are set, no empty qualifiers, no entry without a flag. Fails on duplicates. */
export function normaliseEntries(entries: readonly CapabilityEntry[]): CapabilityEntry[] {
  const seen = new Set<string>();
  const result: CapabilityEntry[] = [];
  for (const entry of entries) {
    const identity = JSON.stringify([entry.ObjectType, entry.ServiceName ?? '', entry.Value ?? '']);
    if (seen.has(identity)) throw fault(400, 'admin.security.duplicateEntry', { capability: entry.ObjectType });
    seen.add(identity);
    const flags = FLAGS.filter((flag) => entry[flag] === true);
    if (flags.length === 0) continue;
    result.push({
      ObjectType: entry.ObjectType,
      ...(entry.ServiceName ? { ServiceName: entry.ServiceName } : {}),
      ...(entry.Value ? { Value: entry.Value } : {}),
      ...Object.fromEntries(flags.map((flag) => [flag, true])),
    });
  }
  return result;
}

/** Every flag the entries grant, keyed so that sets of grants can be compared. */
export function grantsOf(entries: readonly CapabilityEntry[]): Map<string, Grant> {
  const grants = new Map<string, Grant>();
  for (const entry of entries) {
    for (const flag of FLAGS) {
      if (entry[flag] !== true) continue;
      const grant: Grant = { objectType: entry.ObjectType, serviceName: entry.ServiceName ?? '', value: entry.Value ?? '', flag };
      grants.set(keyOf(grant), grant);
    }
  }
  return grants;
}

/** The grants in `after` that `before` did not have. */
export function addedGrants(before: Map<string, Grant>, after: Map<string, Grant>): Grant[] {
  return [...after].filter(([key]) => !before.has(key)).map(([, grant]) => grant);
}

export const sameGrants = (a: Map<string, Grant>, b: Map<string, Grant>) => a.size === b.size && [...a.keys()].every((key) => b.has(key));

/** Stored capabilities may carry a ServiceName the session user's type does not list. */
type HeldCapability = Capability & { ServiceName?: string | null };

/**
 * The caller holds a grant when one of its capabilities has the same object
 * type and qualifier with the flag set, for all services or for this one.
 */
function holds(capabilities: readonly HeldCapability[], grant: Grant): boolean {
  return capabilities.some(
    (capability) =>
      capability.ObjectType === grant.objectType &&
      capability[grant.flag] === true &&
      (capability.Value ?? '') === grant.value &&
      (!capability.ServiceName || capability.ServiceName === grant.serviceName),
  );
}

/** Fails with 403 naming the first grant the caller does not hold itself. */
export function assertCallerHolds(capabilities: readonly Capability[], grants: readonly Grant[]): void {
  const missing = grants.find((grant) => !holds(capabilities, grant));
  if (!missing) return;
  const label = [missing.objectType, missing.serviceName && `(${missing.serviceName})`, missing.value && `[${missing.value}]`, missing.flag]
    .filter(Boolean)
    .join(' ');
  throw fault(403, 'admin.security.escalation', { capability: label });
}
