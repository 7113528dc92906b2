import type { Capability } from '../../contract/capabilities';
import type { AccessRequirement, CapabilityRef } from './definition-schema';

/** True when the user holds the object type with the flag (spec §5: a capability matches when the given properties are equal). */
export function holds(capabilities: readonly Capability[], ref: CapabilityRef): boolean {
  return capabilities.some((capability) => capability.ObjectType === ref.objectType && capability[ref.flag] === true);
}

/** Every allOf entry held, and at least one anyOf entry when anyOf is given. An empty requirement is met. */
export function meetsAccess(capabilities: readonly Capability[], access: AccessRequirement | undefined): boolean {
  if (!access) return true;
  if (access.allOf && !access.allOf.every((ref) => holds(capabilities, ref))) return false;
  if (access.anyOf && !access.anyOf.some((ref) => holds(capabilities, ref))) return false;
  return true;
}
