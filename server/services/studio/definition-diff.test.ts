import { describe, expect, it } from 'vitest';
import { diffDefinitions } from './definition-diff';

const field = (Name: string, extra: Record<string, unknown> = {}) => ({ Name, Label: `x.${Name}`, ...extra });
const layout = (main: unknown[], more: unknown[] = []) => ({
  AccountType: 'Partner',
  Pages: [{ Id: 1, Name: 'Details', Label: 'p', Containers: [{ Name: 'Main', Fields: main }, { Name: 'More', Fields: more.length ? more : [field('Z')] }] }],
});

describe('the diff of two versions', () => {
  it('says a reorder is one field moved, not every later field changed', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const before = layout(names.map((name) => field(name, { Type: 'String', MaxLength: 10 })));
    const after = layout(['B', 'C', 'D', 'E', 'F', 'G', 'H', 'A'].map((name) => field(name, { Type: 'String', MaxLength: 10 })));
    const diff = diffDefinitions(before, after, 1, 2);
    expect(diff.Changes).toEqual([{ Path: '/Pages/0/Containers/0/Fields/7', Change: 'moved', From: '/Pages/0/Containers/0/Fields/0' }]);
    expect(diff.FieldsMoved).toEqual(['A']);
    expect(diff.FieldsChanged).toEqual([]);
  });

  it('names a field moved to another section, and keeps a changed property of a moved field', () => {
    const before = layout([field('A'), field('B')], [field('C')]);
    const after = layout([field('B')], [field('C'), field('A', { Required: true })]);
    const diff = diffDefinitions(before, after, 1, 2);
    expect(diff.FieldsMoved).toEqual(['A']);
    expect(diff.FieldsChanged).toEqual([{ Field: 'A', Properties: ['Required'] }]);
    expect(diff.FieldsAdded).toEqual([]);
    expect(diff.FieldsRemoved).toEqual([]);
  });

  it('compares lists without names by place', () => {
    const diff = diffDefinitions({ Actions: ['VIEW', 'EDIT'], rows: [{ a: 1 }, { a: 2 }] }, { Actions: ['EDIT', 'VIEW'], rows: [{ a: 2 }] }, 1, 2);
    expect(diff.Changes).toEqual([
      { Path: '/Actions/0', Change: 'moved', From: '/Actions/1' },
      { Path: '/rows/0/a', Change: 'changed' },
      { Path: '/rows/1', Change: 'removed' },
    ]);
  });
});
