/**
 * What a screen needs (spec §5, §6): requirements and their check, shared by the client's route guard
 * and menus and the server's chat help bot; the table of every screen's requirements is
 * screen-routes.ts. A requirement holds when the user has a capability whose given properties are all
 * equal; `anyOf` (OR) and `allOf` (AND) combine requirements and nest:
 *
 *   [{ anyOf: [{ ObjectType: 'FAILED_PROVISIONING', Read: true }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }] }]
 */
import type { Capability } from './capabilities';

/** One capability entry a screen needs: matches a capability with all these properties equal. */
export type CapabilityRequirement = Partial<Capability> & { ObjectType: string };

export type SecurityRequirement =
  | CapabilityRequirement
  | { anyOf: readonly SecurityRequirement[] }
  | { allOf: readonly SecurityRequirement[] };

export function capabilityMatches(capability: Capability, requirement: CapabilityRequirement): boolean {
  return (Object.keys(requirement) as (keyof CapabilityRequirement)[]).every(
    (key) => requirement[key] === undefined || capability[key] === requirement[key],
  );
}

export function holds(capabilities: readonly Capability[], requirement: SecurityRequirement): boolean {
  if ('anyOf' in requirement) return requirement.anyOf.some((inner) => holds(capabilities, inner));
  if ('allOf' in requirement) return requirement.allOf.every((inner) => holds(capabilities, inner));
  return capabilities.some((capability) => capabilityMatches(capability, requirement));
}

/** Every requirement holds (an empty list always does). */
export function meetsRequirements(capabilities: readonly Capability[], requires: readonly SecurityRequirement[] = []): boolean {
  return requires.every((requirement) => holds(capabilities, requirement));
}
