import { describe, expect, it } from 'vitest';
import { flagEditable, holdsFlag, matrixRowKey, setFlag, tickedCount, unusedValues, type FlagsMatrixShape } from './flags-matrix';

const shape: FlagsMatrixShape = { keyFields: ['ObjectType', 'ServiceName', 'Value'], flags: ['Read', 'Execute', 'Create', 'Delete'], wildcards: ['ServiceName'] };
const held = [
  { ObjectType: 'USERS', Read: true, Execute: true },
  { ObjectType: 'ORDERS', ServiceName: 'mail', Read: true },
  { ObjectType: 'ACCOUNTS', Value: 'HIERARCHY', Read: true },
];

describe('a flags matrix', () => {
  it('names a row by its key fields, empty ones alike whether absent or null', () => {
    expect(matrixRowKey(shape, { ObjectType: 'USERS' })).toBe(matrixRowKey(shape, { ObjectType: 'USERS', ServiceName: null, Read: true }));
    expect(matrixRowKey(shape, { ObjectType: 'USERS', Value: 'X' })).not.toBe(matrixRowKey(shape, { ObjectType: 'USERS' }));
  });

  it('gives a flag the user holds on the same row; a held row without the wildcard field holds it for any value', () => {
    expect(holdsFlag(shape, held, { ObjectType: 'USERS' }, 'Read')).toBe(true);
    expect(holdsFlag(shape, held, { ObjectType: 'USERS', ServiceName: 'mail' }, 'Execute')).toBe(true);
    expect(holdsFlag(shape, held, { ObjectType: 'USERS' }, 'Delete')).toBe(false);
    expect(holdsFlag(shape, held, { ObjectType: 'ORDERS' }, 'Read')).toBe(false);
    expect(holdsFlag(shape, held, { ObjectType: 'ORDERS', ServiceName: 'mail' }, 'Read')).toBe(true);
    expect(holdsFlag(shape, held, { ObjectType: 'ACCOUNTS' }, 'Read')).toBe(false);
    expect(holdsFlag(shape, held, { ObjectType: 'ACCOUNTS', Value: 'HIERARCHY' }, 'Read')).toBe(true);
  });

  it('lets a stored flag the user does not hold go (and come back while unsaved), but never a new one; nothing when read-only', () => {
    const stored = [{ ObjectType: 'BILLING', Read: true }];
    expect(flagEditable(shape, { held, stored }, { ObjectType: 'BILLING', Read: true }, 'Read')).toBe(true);
    expect(flagEditable(shape, { held, stored }, { ObjectType: 'BILLING' }, 'Read')).toBe(false);
    expect(flagEditable(shape, { held, stored }, { ObjectType: 'BILLING', Read: true }, 'Create')).toBe(false);
    expect(flagEditable(shape, { held, stored, readOnly: true }, { ObjectType: 'USERS' }, 'Read')).toBe(false);
  });

  it('sets and clears one box, leaving the others and the other rows', () => {
    const rows = [{ ObjectType: 'USERS', Read: true }, { ObjectType: 'ORDERS' }];
    expect(setFlag(rows, 1, 'Create', true)).toEqual([{ ObjectType: 'USERS', Read: true }, { ObjectType: 'ORDERS', Create: true }]);
    expect(setFlag(rows, 0, 'Read', false)).toEqual([{ ObjectType: 'USERS' }, { ObjectType: 'ORDERS' }]);
    expect(tickedCount(shape, [{ ObjectType: 'A', Read: true, Create: true }, { ObjectType: 'B', Delete: true }])).toBe(3);
  });

  it('offers for a new row only the values no plain row has yet', () => {
    const rows = [{ ObjectType: 'USERS' }, { ObjectType: 'ORDERS', ServiceName: 'mail' }];
    expect(unusedValues(shape, rows, 'ObjectType', ['USERS', 'ORDERS', 'BILLING'])).toEqual(['ORDERS', 'BILLING']);
  });
});
