import { describe, expect, it } from 'vitest';
import { sectionDefinition, sectionFor, visibleSections } from './sections';

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

  it('names the definitions that draw the metadata, maintenance and message sections', () => {
    expect(['GetMetadata', 'ScheduleMaintenance', 'SendMessage', 'Security'].map((id) => sectionDefinition(id as never))).toEqual(['admin-metadata', 'admin-maintenance', 'admin-message', undefined]);
  });
});
