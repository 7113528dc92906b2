import { describe, expect, it } from 'vitest';
import { maintenanceMode } from './MaintenanceSection';
import { parseUserIds } from './MessageSection';
import { sectionFor, visibleSections } from './sections';

const admin = [
  { ObjectType: 'ADMINISTRATIVE', Read: true, Execute: true },
  { ObjectType: 'SECURITY_ROLES', Read: true },
];

describe('admin console', () => {
  it('picks the section from :methodName, defaulting to the metadata, and hides Security without SECURITY_ROLES Read', () => {
    expect(sectionFor(undefined, admin)).toBe('GetMetadata');
    expect(sectionFor('schedulemaintenance', admin)).toBe('ScheduleMaintenance');
    expect(sectionFor('Security', admin)).toBe('Security');
    expect(sectionFor('DropDatabase', admin)).toBeUndefined();
    const readOnly = [{ ObjectType: 'ADMINISTRATIVE', Read: true }];
    expect(sectionFor('Security', readOnly)).toBeUndefined();
    expect(visibleSections(readOnly).map((section) => section.id)).toEqual(['GetMetadata', 'ScheduleMaintenance', 'SendMessage']);
  });

  it('turns the maintenance form into the ScheduleMaintenance mode', () => {
    expect(maintenanceMode('soon', '', 'minutes')).toBe('soon');
    expect(maintenanceMode('off', 'x', 'minutes')).toBe('off');
    expect(maintenanceMode('now', '', 'seconds')).toBe(0);
    expect(maintenanceMode('in', '5', 'minutes')).toBe(300);
    expect(maintenanceMode('in', ' 30 ', 'seconds')).toBe(30);
    for (const bad of ['', '0', '-5', '1.5', 'ten', '10081']) expect(maintenanceMode('in', bad, 'minutes'), bad).toBeUndefined();
  });

  it('reads recipient user ids separated by commas or spaces', () => {
    expect(parseUserIds('12, 15 18;12')).toEqual([12, 15, 18]);
    expect(parseUserIds('')).toBeUndefined();
    expect(parseUserIds('12, abc')).toBeUndefined();
    expect(parseUserIds('0')).toBeUndefined();
  });
});
