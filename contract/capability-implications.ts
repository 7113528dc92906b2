/**
 * Capabilities that imply others (issue 21): a broad capability includes its
 * narrower form, flag by flag — FAILED_PROVISIONING (every request within reach)
 * includes FAILED_PROVISIONING_OWNED (the own company's requests). The session
 * user carries its capabilities with what they imply (server/auth/session-user.ts),
 * so the access declarations, impersonation's subset rule, the security screens'
 * escalation checks, the client's guards and menus and the authorization matrix
 * all read the same table.
 */
import type { Capability } from './capabilities';

/** Object type → the object types it implies (same flags, same qualifier). */
export const CAPABILITY_IMPLICATIONS: Readonly<Record<string, readonly string[]>> = {
  FAILED_PROVISIONING: ['FAILED_PROVISIONING_OWNED'],
};

const FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;

/** True when `capabilities` hold `flag` on `objectType` (with `value` as qualifier when given), directly or implied. */
function heldIn(capabilities: readonly Capability[], objectType: string, flag: (typeof FLAGS)[number], value: string | undefined): boolean {
  return capabilities.some((entry) => entry.ObjectType === objectType && entry[flag] === true && entry.Value === value);
}

/**
 * The capabilities with the entries they imply added (the flags an implied type
 * is not yet held with). Idempotent; the list is returned as it is when nothing is added.
 */
export function withImpliedCapabilities(capabilities: readonly Capability[]): Capability[] {
  const added: Capability[] = [];
  for (const entry of capabilities) {
    for (const impliedType of CAPABILITY_IMPLICATIONS[entry.ObjectType] ?? []) {
      const flags = FLAGS.filter((flag) => entry[flag] === true && !heldIn([...capabilities, ...added], impliedType, flag, entry.Value));
      if (flags.length === 0) continue;
      added.push({ ObjectType: impliedType, ...Object.fromEntries(flags.map((flag) => [flag, true])), ...(entry.Value !== undefined ? { Value: entry.Value } : {}) });
    }
  }
  return added.length === 0 ? [...capabilities] : [...capabilities, ...added];
}
