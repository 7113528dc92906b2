/**
 * Role and capability-set governance's pure rules (server/services/security/security-grants.ts and
 * assignable-roles.ts' holdsAll): what a change grants anew, and that nobody grants what they lack.
 */
import { describe, expect, it } from 'vitest';
import { holdsAll } from '../../../server/services/security/assignable-roles';
import { addedGrants, assertCallerHolds, grantsOf, normaliseEntries, sameGrants, type Grant } from '../../../server/services/security/security-grants';

function refusal(run: () => void): { status: number; textKey: string; values: unknown } | 'allowed' {
  try {
    run();
    return 'allowed';
  } catch (error) {
    const { status, textKey, values } = error as { status: number; textKey: string; values: unknown };
    return { status, textKey, values };
  }
}

describe('normaliseEntries', () => {
  it('keeps only set flags, drops empty qualifiers and entries without a flag', () => {
    expect(
      normaliseEntries([
        { ObjectType: 'USERS', Read: true, Execute: false, Create: undefined, Delete: true, ServiceName: '', Value: '' },
        { ObjectType: 'BILLING', Read: false },
        { ObjectType: 'PRICE_LISTS', Execute: true, ServiceName: 'backup', Value: 'own' },
      ] as never),
    ).toEqual([
      { ObjectType: 'USERS', Read: true, Delete: true },
      { ObjectType: 'PRICE_LISTS', ServiceName: 'backup', Value: 'own', Execute: true },
    ]);
  });

  it('refuses (400) the same object type, service and qualifier twice, naming it', () => {
    const twice = () => normaliseEntries([{ ObjectType: 'USERS', Read: true }, { ObjectType: 'USERS', Create: true }] as never);
    expect(refusal(twice)).toEqual({ status: 400, textKey: 'admin.security.duplicateEntry', values: { capability: 'USERS' } });
    // Another service or qualifier is another entry.
    expect(normaliseEntries([{ ObjectType: 'USERS', Read: true }, { ObjectType: 'USERS', Value: 'own', Read: true }, { ObjectType: 'USERS', ServiceName: 's', Read: true }] as never)).toHaveLength(3);
    expect(refusal(() => normaliseEntries([{ ObjectType: 'USERS', Read: false }, { ObjectType: 'USERS', Read: true }] as never))).toMatchObject({ status: 400 });
  });
});

describe('grantsOf, addedGrants, sameGrants', () => {
  const before = grantsOf([{ ObjectType: 'USERS', Read: true, Execute: true }] as never);
  const after = grantsOf([{ ObjectType: 'USERS', Read: true, Create: true }, { ObjectType: 'BILLING', Value: 'own', Delete: true, ServiceName: 'x' }] as never);

  it('lists one grant per set flag, with empty service and qualifier when none', () => {
    expect([...before.values()]).toEqual([
      { objectType: 'USERS', serviceName: '', value: '', flag: 'Read' },
      { objectType: 'USERS', serviceName: '', value: '', flag: 'Execute' },
    ]);
    expect(grantsOf([{ ObjectType: 'USERS', Read: false, Execute: 'yes' }] as never).size).toBe(0);
    expect(grantsOf([{ ObjectType: 'USERS', Read: true }, { ObjectType: 'USERS', Read: true }] as never).size).toBe(1);
  });

  it('names what a change grants anew, not what it keeps or takes away', () => {
    expect(addedGrants(before, after)).toEqual([
      { objectType: 'USERS', serviceName: '', value: '', flag: 'Create' },
      { objectType: 'BILLING', serviceName: 'x', value: 'own', flag: 'Delete' },
    ]);
    expect(addedGrants(after, before)).toEqual([{ objectType: 'USERS', serviceName: '', value: '', flag: 'Execute' }]);
  });

  it('compares grants as sets', () => {
    expect(sameGrants(before, grantsOf([{ ObjectType: 'USERS', Execute: true, Read: true }] as never))).toBe(true);
    expect(sameGrants(before, after)).toBe(false);
    expect(sameGrants(before, grantsOf([{ ObjectType: 'USERS', Read: true }] as never))).toBe(false);
    expect(sameGrants(grantsOf([{ ObjectType: 'USERS', Read: true }] as never), before)).toBe(false);
    expect(sameGrants(before, grantsOf([{ ObjectType: 'USERS', Read: true, Delete: true }] as never))).toBe(false);
  });
});

describe('assertCallerHolds', () => {
  const grant = (objectType: string, flag: Grant['flag'], serviceName = '', value = ''): Grant => ({ objectType, flag, serviceName, value });

  it('allows what the caller holds: same type, flag and qualifier, for all services or that one', () => {
    const mine = [{ ObjectType: 'USERS', Read: true, Create: true }, { ObjectType: 'BILLING', Value: 'own', Read: true, ServiceName: 'backup' }];
    expect(refusal(() => assertCallerHolds(mine as never, []))).toBe('allowed');
    expect(refusal(() => assertCallerHolds(mine as never, [grant('USERS', 'Read'), grant('USERS', 'Create', 'any-service')]))).toBe('allowed');
    expect(refusal(() => assertCallerHolds(mine as never, [grant('BILLING', 'Read', 'backup', 'own')]))).toBe('allowed');
  });

  it('refuses (403) the first grant the caller lacks, named with its service and qualifier', () => {
    const mine = [{ ObjectType: 'USERS', Read: true }, { ObjectType: 'BILLING', Value: 'own', Read: true, ServiceName: 'backup' }];
    const escalation = (capability: string) => ({ status: 403, textKey: 'admin.security.escalation', values: { capability } });
    expect(refusal(() => assertCallerHolds(mine as never, [grant('USERS', 'Read'), grant('USERS', 'Delete')]))).toEqual(escalation('USERS Delete'));
    expect(refusal(() => assertCallerHolds(mine as never, [grant('BILLING', 'Read', 'other', 'own')]))).toEqual(escalation('BILLING (other) [own] Read'));
    expect(refusal(() => assertCallerHolds(mine as never, [grant('BILLING', 'Read', 'backup', '')]))).toEqual(escalation('BILLING (backup) Read'));
    expect(refusal(() => assertCallerHolds(mine as never, [grant('BILLING', 'Read', '', 'own')]))).toEqual(escalation('BILLING [own] Read'));
    expect(refusal(() => assertCallerHolds(mine as never, [grant('ADMIN', 'Read')]))).toEqual(escalation('ADMIN Read'));
  });
});

describe('holdsAll (a role is given only by someone holding all of it)', () => {
  const mine = [{ ObjectType: 'USERS', Read: true, Execute: true }, { ObjectType: 'BILLING', Read: true, Value: 'own' }];
  it('holds every flag of every entry, with the same qualifier when the role names one', () => {
    expect(holdsAll(mine, [])).toBe(true);
    expect(holdsAll(mine, [{ ObjectType: 'USERS', Read: true }])).toBe(true);
    expect(holdsAll(mine, [{ ObjectType: 'USERS', Read: true, Execute: true }, { ObjectType: 'BILLING', Read: true, Value: 'own' }])).toBe(true);
    expect(holdsAll(mine, [{ ObjectType: 'BILLING', Read: true }])).toBe(true);
    expect(holdsAll(mine, [{ ObjectType: 'USERS', Create: true }])).toBe(false);
    expect(holdsAll(mine, [{ ObjectType: 'USERS', Read: true }, { ObjectType: 'PRICE_LISTS', Read: true }])).toBe(false);
    expect(holdsAll(mine, [{ ObjectType: 'BILLING', Read: true, Value: 'all' }])).toBe(false);
    expect(holdsAll(mine, [{ ObjectType: 'BILLING', Execute: true, Value: 'own' }])).toBe(false);
    expect(holdsAll([{ ObjectType: 'USERS', Delete: true }], [{ ObjectType: 'USERS', Delete: true, Read: false }])).toBe(true);
  });
});
