/**
 * The field renderer registry: `{ name, tester, component, kinds }` entries, as
 * JSON Forms pairs testers and renderers. Each entry is checked when the
 * registry is made (Odoo-style): a bad entry fails at start with a message
 * naming it, never in front of a user. A new DisplayTemplate is one renderer
 * file plus one line in default-registry.ts.
 */
import type { ComponentType } from 'react';
import { FIELD_KINDS, NOT_APPLICABLE, type FieldKind, type RendererTester, type Tester, type TesterField } from '../../engine/forms';
import type { FieldRendererProps } from './field-props';

export interface FieldRendererEntry {
  name: string;
  tester: Tester;
  component: ComponentType<FieldRendererProps>;
  /** The kinds of value the component can edit or show. */
  kinds: readonly FieldKind[];
  /** Shows another renderer inside (the MFA gate). */
  wraps?: boolean;
}

export interface RendererRegistry {
  readonly entries: readonly FieldRendererEntry[];
  readonly testers: readonly RendererTester[];
  componentFor(name: string): ComponentType<FieldRendererProps>;
}

const NAME = /^[a-z][A-Za-z0-9-]*$/;

function isComponent(value: unknown): boolean {
  // Function components, classes, and memo/forwardRef objects.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** A plain editable field of a kind: what every kind must have a renderer for. */
const plainField = (kind: FieldKind): TesterField => ({ kind, template: undefined, readOnly: false, mfaRequired: false, hasOptions: false, remoteEnum: false });

export function createRendererRegistry(entries: readonly FieldRendererEntry[]): RendererRegistry {
  const byName = new Map<string, FieldRendererEntry>();
  for (const [index, entry] of entries.entries()) {
    const label = `Renderer ${typeof entry?.name === 'string' && entry.name ? `"${entry.name}"` : `#${index + 1}`}`;
    if (typeof entry?.name !== 'string' || !NAME.test(entry.name)) throw new Error(`${label}: name must be a lower-camel word, e.g. "combobox"`);
    if (byName.has(entry.name)) throw new Error(`${label}: the name is already registered`);
    if (typeof entry.tester !== 'function') throw new Error(`${label}: tester must be a function (field) => rank`);
    if (!isComponent(entry.component)) throw new Error(`${label}: component must be a React component`);
    if (!Array.isArray(entry.kinds) || entry.kinds.length === 0) throw new Error(`${label}: kinds must list the field kinds it supports`);
    const unknown = entry.kinds.filter((kind) => !FIELD_KINDS.includes(kind));
    if (unknown.length) throw new Error(`${label}: unknown kinds ${unknown.join(', ')} (known: ${FIELD_KINDS.join(', ')})`);
    const claimed = FIELD_KINDS.filter((kind) => !entry.kinds.includes(kind) && entry.tester(plainField(kind)) > NOT_APPLICABLE);
    if (claimed.length) throw new Error(`${label}: its tester accepts ${claimed.join(', ')} fields, which are not in its kinds`);
    byName.set(entry.name, entry);
  }
  const uncovered = FIELD_KINDS.filter((kind) => !entries.some((entry) => !entry.wraps && entry.tester(plainField(kind)) > NOT_APPLICABLE));
  if (uncovered.length) throw new Error(`Renderer registry: no renderer for ${uncovered.join(', ')} fields`);
  return {
    entries,
    testers: entries.map(({ name, tester, wraps }) => ({ name, tester, wraps })),
    componentFor(name) {
      const entry = byName.get(name);
      if (!entry) throw new Error(`No renderer named "${name}" in the registry`);
      return entry.component;
    },
  };
}
