import { describe, expect, it } from 'vitest';
import { containsPersonalInfo, formFailures, isCommonPassword, personalParts } from './password-rules';
import { lockoutDelayMs, lockoutSchedule } from './brute-force';

const owner = { firstName: 'Olivia', lastName: 'de Vries', companyName: 'Contoso Ltd' };

describe('password rules', () => {
  it('names each structural rule a password breaks', () => {
    expect(formFailures('Quiet-Harbour-7')).toEqual([]);
    expect(formFailures('short')).toEqual(['minLength', 'uppercase', 'digit', 'special']);
    expect(formFailures('ÄÖÜ-ÄÖÜ-ÄÖÜ-1')).toEqual(['lowercase']);
    expect(formFailures(`Aa1!${'b'.repeat(125)}`)).toEqual(['maxLength']);
    // 64 characters and more are fine; length counts characters, not UTF-16 units.
    expect(formFailures(`Aa1!${'😀'.repeat(60)}`)).toEqual([]);
  });

  it('finds common passwords, also with digits and symbols around them', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('Password123!')).toBe(true);
    expect(await isCommonPassword('Quiet-Harbour-Lantern-7!')).toBe(false);
  });

  it('refuses words of 3 letters or more of the names, in any case', () => {
    expect(personalParts(owner)).toEqual(['olivia', 'vries', 'contoso', 'ltd']);
    expect(containsPersonalInfo('xxVRIESxx-2026!', owner)).toBe(true);
    expect(containsPersonalInfo('Ltd-Lantern-2026!', owner)).toBe(true);
    // "de" is too short to count.
    expect(containsPersonalInfo('Made-In-2026!', owner)).toBe(false);
  });
});

describe('lockout schedule', () => {
  const config = { maxFailures: 5, ipMaxFailures: 20, baseDelayMs: 30_000, maxDelayMs: 900_000, failureResetMs: 43_200_000 };
  it('waits from the fifth failure, doubling up to the cap', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 50].map((failures) => lockoutDelayMs(config, failures))).toEqual([0, 0, 30_000, 60_000, 120_000, 480_000, 900_000, 900_000]);
    expect(lockoutDelayMs(config, 19, config.ipMaxFailures)).toBe(0);
    expect(lockoutDelayMs(config, 20, config.ipMaxFailures)).toBe(30_000);
    expect(lockoutSchedule(config).at(-1)).toEqual({ failures: 10, waitMs: 900_000 });
  });
});
