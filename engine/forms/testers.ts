/**
 * Renderer choice by ranked testers, as JSON Forms does it: each renderer
 * brings a pure tester giving a rank for a field (or NOT_APPLICABLE); the
 * highest rank wins. A new DisplayTemplate is one renderer file with its tester.
 */
import type { FieldKind } from './field-kinds';

export const NOT_APPLICABLE = -1;

/** What testers look at: the field's kind, template and flags. */
export interface TesterField {
  kind: FieldKind;
  template: string | undefined;
  /** Read-only whatever the values (VIEW mode, layout flag, missing capability). */
  readOnly: boolean;
  mfaRequired: boolean;
  hasOptions: boolean;
  remoteEnum: boolean;
}

export type FieldPredicate = (field: TesterField) => boolean;
export type Tester = (field: TesterField) => number;

export interface RendererTester {
  name: string;
  tester: Tester;
  /** Wraps another renderer (e.g. the MFA gate): skipped when choosing the wrapped one. */
  wraps?: boolean;
}

export const rankWith =
  (rank: number, predicate: FieldPredicate): Tester =>
  (field) =>
    predicate(field) ? rank : NOT_APPLICABLE;

export const isKind =
  (...kinds: FieldKind[]): FieldPredicate =>
  (field) =>
    kinds.includes(field.kind);
export const hasTemplate =
  (template: string): FieldPredicate =>
  (field) =>
    field.template?.toLowerCase() === template.toLowerCase();
export const isReadOnly: FieldPredicate = (field) => field.readOnly;
export const needsMfa: FieldPredicate = (field) => field.mfaRequired;
export const and =
  (...predicates: FieldPredicate[]): FieldPredicate =>
  (field) =>
    predicates.every((predicate) => predicate(field));
export const or =
  (...predicates: FieldPredicate[]): FieldPredicate =>
  (field) =>
    predicates.some((predicate) => predicate(field));
export const not =
  (predicate: FieldPredicate): FieldPredicate =>
  (field) =>
    !predicate(field);

// Testers are pure functions of a TesterField, so one answer serves every field
// that looks the same to them: a 1000-field layout has a handful of distinct looks.
const choices = new WeakMap<readonly RendererTester[], Map<string, string>>();

/**
 * The best renderer for a field. `direct` skips wrappers (the renderer a wrapper
 * shows once unlocked). Ties go to the earlier entry. Throws when none applies:
 * a registry must always have a fallback.
 */
export function chooseRenderer(field: TesterField, testers: readonly RendererTester[], options: { direct?: boolean } = {}): string {
  const key = `${options.direct ? 1 : 0}|${field.kind}|${field.template ?? ''}|${+field.readOnly}${+field.mfaRequired}${+field.hasOptions}${+field.remoteEnum}`;
  let known = choices.get(testers);
  if (!known) choices.set(testers, (known = new Map()));
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  let best: { name: string; rank: number } | undefined;
  for (const entry of testers) {
    if (options.direct && entry.wraps) continue;
    const rank = entry.tester(field);
    if (rank > NOT_APPLICABLE && (!best || rank > best.rank)) best = { name: entry.name, rank };
  }
  if (!best) throw new Error(`No renderer applies to a ${field.kind} field${field.template ? ` with template ${field.template}` : ''}.`);
  known.set(key, best.name);
  return best.name;
}
