/**
 * What a token reaches at one call: the capabilities it was given that its creator still holds,
 * within the subtree it was given and the creator's reach (pure; intersected at every call, so a
 * creator losing a right or being moved takes it from the token at once).
 */
import { withImpliedCapabilities, type Capability } from '../../../contract';
import { isWithin } from '../access';

const FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;
export type TokenCapability = Pick<Capability, 'ObjectType' | (typeof FLAGS)[number]>;

/** Signing in is what a token is; it is not chosen but follows the creator's own LOGIN right. */
const ALWAYS_CARRIED = 'LOGIN';

/** Flags per object type, merged over the entries naming it. */
function flagsByType(capabilities: readonly TokenCapability[]): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  for (const entry of capabilities) {
    const flags = byType.get(entry.ObjectType) ?? new Set<string>();
    for (const flag of FLAGS) if (entry[flag] === true) flags.add(flag);
    byType.set(entry.ObjectType, flags);
  }
  return byType;
}

/** The creator's entries cut down to the flags the token was given (LOGIN as the creator holds it). */
export function narrowCapabilities(creator: readonly Capability[], granted: readonly TokenCapability[]): Capability[] {
  const given = flagsByType(granted);
  const narrowed: Capability[] = [];
  for (const entry of creator) {
    const allowed = entry.ObjectType === ALWAYS_CARRIED ? new Set(FLAGS) : given.get(entry.ObjectType);
    if (!allowed) continue;
    const flags = FLAGS.filter((flag) => entry[flag] === true && allowed.has(flag));
    if (flags.length === 0) continue;
    narrowed.push({ ObjectType: entry.ObjectType, ...Object.fromEntries(flags.map((flag) => [flag, true])), ...(entry.Value !== undefined ? { Value: entry.Value } : {}) });
  }
  return withImpliedCapabilities(narrowed);
}

/** "OBJECT_TYPE.Flag" for every flag asked for that the creator does not hold (empty: all held). */
export function flagsNotHeld(creator: readonly Capability[], requested: readonly TokenCapability[]): string[] {
  const held = flagsByType(creator);
  const missing: string[] = [];
  for (const [objectType, flags] of flagsByType(requested)) {
    for (const flag of flags) if (!held.get(objectType)?.has(flag)) missing.push(`${objectType}.${flag}`);
  }
  return missing;
}

/** Entries without any flag say nothing; a token stores only what it can use. */
export const normalisedCapabilities = (requested: readonly TokenCapability[]): TokenCapability[] =>
  [...flagsByType(requested)]
    .filter(([, flags]) => flags.size > 0)
    .map(([ObjectType, flags]) => ({ ObjectType, ...Object.fromEntries(FLAGS.filter((flag) => flags.has(flag)).map((flag) => [flag, true])) }));

/** The deeper of two nested subtrees; undefined when they do not overlap. */
export function narrowScope(creatorScope: string, tokenPath: string | null): string | undefined {
  if (tokenPath === null) return creatorScope;
  if (isWithin(tokenPath, creatorScope)) return tokenPath;
  if (isWithin(creatorScope, tokenPath)) return creatorScope;
  return undefined;
}
