/**
 * The server's check of values sent by CreateAccount / UpdateAccount against
 * the layout: only known fields of the action, nothing read-only or hidden,
 * every rule (required, lengths, patterns, types), enum values among the
 * options, unique values unique, named rules passed. It trusts nothing the
 * client checked. Returns the first problem, with the field it concerns.
 */
import type { Capability } from '../../contract';
import type { Queryable } from '../db/db';
import type { Caller } from '../services/context';
import { evaluateCondition, isEmptyValue } from '../../engine/shared/conditions';
import { enumOptions } from './enum-sources';
import type { LayoutFileField } from './layout-file-schema';
import { ruleProblem, uniqueProblem } from './remote-rules';
import type { ResolvedField, ResolvedLayout } from './resolve-layout';
import { validateSavedValue, type ValueProblem } from './validate-value';

export const DEFAULT_VIEW = 'Values';

export interface FieldProblem extends ValueProblem {
  field: ResolvedField;
}

export interface CheckContext {
  db: Queryable;
  locale: string;
  caller: Caller;
  /** Path of the account being edited, or of the parent of the one being created. */
  anchorPath: string;
  /** The account being edited (null while creating). */
  accountId: number | null;
}

export const fieldType = (field: LayoutFileField) => field.Type ?? (field.Options || field.RemoteEnum ? 'Enum' : 'String');
export const viewOf = (field: LayoutFileField) => field.View ?? DEFAULT_VIEW;

const holds = (capabilities: readonly Capability[], objectType: string, flag: 'Read' | 'Execute' | 'Create' | 'Delete') =>
  capabilities.some((capability) => capability.ObjectType === objectType && capability[flag] === true);

/** Values sent as Views (view → field → value) flattened to field → value; unknown fields or views are problems. */
export function flattenViewValues(
  layout: ResolvedLayout,
  viewValues: Record<string, Record<string, unknown>>,
): { values: Map<string, unknown>; unknown: string | undefined } {
  const values = new Map<string, unknown>();
  for (const [view, fields] of Object.entries(viewValues)) {
    for (const [name, value] of Object.entries(fields)) {
      const resolved = layout.fields.get(name);
      if (!resolved || viewOf(resolved.field) !== view) return { values, unknown: `${view}.${name}` };
      values.set(name, value);
    }
  }
  return { values, unknown: undefined };
}

async function optionProblem(resolved: ResolvedField, value: unknown, merged: Map<string, unknown>, context: CheckContext): Promise<ValueProblem | null> {
  const { field } = resolved;
  let allowed: unknown[];
  if (field.Options) allowed = field.Options.map((option) => option.Value);
  else if (field.RemoteEnum) {
    const dependentValues = Object.fromEntries((field.RemoteEnum.DependsOn ?? []).map((name) => [name, merged.get(name)]));
    const members = await enumOptions(field.RemoteEnum.Source, { db: context.db, locale: context.locale, caller: context.caller, anchorPath: context.anchorPath, dependentValues });
    allowed = members.map((member) => member.Value);
  } else return null;
  const chosen = Array.isArray(value) ? value : [value];
  if (Array.isArray(value) && new Set(value.map((item) => JSON.stringify(item))).size !== value.length) return { key: 'forms.validation.notAnOption' };
  return chosen.every((item) => allowed.some((option) => option === item)) ? null : { key: 'forms.validation.notAnOption' };
}

/**
 * Checks `changed` fields fully and every other visible, editable field for
 * `required`, with conditions evaluated on `merged` (stored values + changes).
 */
export async function checkValues(
  layout: ResolvedLayout,
  merged: Map<string, unknown>,
  changed: ReadonlySet<string>,
  context: CheckContext,
): Promise<FieldProblem | null> {
  const lookup = (name: string) => merged.get(name);
  const capabilities = context.caller.loaded.user.Capability;
  for (const resolved of layout.fields.values()) {
    const { field } = resolved;
    const value = merged.get(field.Name);
    const isChanged = changed.has(field.Name);
    const visible = !field.VisibleWhen || evaluateCondition(field.VisibleWhen, lookup);
    const readOnly =
      resolved.readOnly ||
      (field.ReadOnlyWhen ? evaluateCondition(field.ReadOnlyWhen, lookup) : false) ||
      (field.EditCapability ? !holds(capabilities, field.EditCapability.ObjectType, field.EditCapability.Flag) : false) ||
      // A field hidden from the caller is not its to write either.
      (field.ReadCapability ? !holds(capabilities, field.ReadCapability.ObjectType, field.ReadCapability.Flag) : false);
    if (isChanged && readOnly) return { field: resolved, key: 'forms.readOnlyField' };
    if (isChanged && !visible && !isEmptyValue(value)) return { field: resolved, key: 'forms.hiddenField' };
    if (!visible || readOnly) continue;
    const required = resolved.required || (field.RequiredWhen ? evaluateCondition(field.RequiredWhen, lookup) : false);
    const type = fieldType(field);
    if (!isChanged) {
      // Stored values are not re-judged by today's rules, but a required one must be there.
      const problem = required ? validateSavedValue(type, {}, value, true) : null;
      if (problem?.key === 'forms.validation.required' || problem?.key === 'forms.validation.atLeastOne') return { field: resolved, ...problem };
      continue;
    }
    const problem = validateSavedValue(type, field, value, required);
    if (problem) return { field: resolved, ...problem };
    if (isEmptyValue(value)) continue;
    const notAnOption = (type === 'Enum' || type === 'MultiEnum') && (await optionProblem(resolved, value, merged, context));
    if (notAnOption) return { field: resolved, ...notAnOption };
    if (field.RemoteValidation && typeof value === 'string') {
      const target = { db: context.db, accountType: layout.accountType, fieldName: field.Name, view: viewOf(field), accountId: context.accountId };
      const remote = field.RemoteValidation.Kind === 'Unique' ? await uniqueProblem(target, value) : await ruleProblem(field.RemoteValidation.Rule, target, value);
      if (remote) return { field: resolved, ...remote };
    }
  }
  return null;
}
