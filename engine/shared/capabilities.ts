/**
 * Capability checks of spec §5 (route security): a requirement matches a held
 * capability when every property the requirement gives is equal; checks combine
 * with AllOf (AND) and AnyOf (OR) only.
 */
import type { Capability } from '../../contract/capabilities';

export type { Capability };

/** One capability entry a check needs: the properties given must all be equal. */
export type CapabilityRequirement = Partial<Capability> & { ObjectType: string };

export type CapabilityCheck = CapabilityRequirement | { AllOf: readonly CapabilityCheck[] } | { AnyOf: readonly CapabilityCheck[] };

export function holdsCapability(capabilities: readonly Capability[], requirement: CapabilityRequirement): boolean {
  const wanted = Object.entries(requirement) as [keyof Capability, unknown][];
  return capabilities.some((capability) => wanted.every(([key, value]) => capability[key] === value));
}

export function satisfiesCheck(capabilities: readonly Capability[], check: CapabilityCheck): boolean {
  if ('AllOf' in check) return check.AllOf.every((part) => satisfiesCheck(capabilities, part));
  if ('AnyOf' in check) return check.AnyOf.some((part) => satisfiesCheck(capabilities, part));
  return holdsCapability(capabilities, check);
}
