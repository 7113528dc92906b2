import { describe, expect, it } from 'vitest';
import { isKind, rankWith } from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import { textRenderer } from './fields/TextRenderer';
import { createRendererRegistry, type FieldRendererEntry } from './registry';

const Component = () => null;
const entry = (overrides: Partial<FieldRendererEntry>): FieldRendererEntry => ({ name: 'custom', tester: rankWith(5, isKind('date')), component: Component, kinds: ['date'], ...overrides });

describe('renderer registry', () => {
  it('accepts the standard renderers and covers every kind', () => {
    expect(defaultRendererRegistry.testers.map((tester) => tester.name)).toEqual(['text', 'multiline', 'number', 'date', 'dateTime', 'checkbox', 'combobox', 'display', 'mfaGated']);
    expect(defaultRendererRegistry.componentFor('text')).toBe(textRenderer.component);
    expect(() => defaultRendererRegistry.componentFor('nope')).toThrow('No renderer named "nope" in the registry');
  });

  it.each([
    [entry({ name: 'Bad Name' }), 'Renderer "Bad Name": name must be a lower-camel word'],
    [entry({ name: undefined as never }), 'Renderer #10: name must be a lower-camel word'],
    [entry({ tester: 'rank' as never }), 'Renderer "custom": tester must be a function'],
    [entry({ component: 'div' as never }), 'Renderer "custom": component must be a React component'],
    [entry({ kinds: [] }), 'Renderer "custom": kinds must list the field kinds it supports'],
    [entry({ kinds: ['colour' as never] }), 'Renderer "custom": unknown kinds colour'],
    [entry({ kinds: ['text'] }), 'Renderer "custom": its tester accepts date fields, which are not in its kinds'],
  ])('fails at start on a bad entry: %#', (bad, message) => {
    expect(() => createRendererRegistry([...defaultRendererRegistry.entries, bad])).toThrow(message);
  });

  it('fails on a duplicate name and on kinds nobody renders', () => {
    expect(() => createRendererRegistry([...defaultRendererRegistry.entries, textRenderer])).toThrow('Renderer "text": the name is already registered');
    expect(() => createRendererRegistry([textRenderer])).toThrow('Renderer registry: no renderer for multiline, number, integer, date, boolean, enum, multienum fields');
  });

  it('a new template is one more entry that outranks the standard one', () => {
    const registry = createRendererRegistry([...defaultRendererRegistry.entries, entry({ name: 'calendar' })]);
    expect(registry.testers.at(-1)).toMatchObject({ name: 'calendar' });
  });
});
