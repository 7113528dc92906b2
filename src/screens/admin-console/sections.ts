import type { Capability } from '../../../contract';
import { meetsRequirements } from '../../router/guard';
import type { CapabilityRequirement } from '../../router/route-record';

/**
 * The console's sections; the route's :methodName picks one (spec §2 /admin-console/{methodName?}). A section
 * that names a `definition` is that screen definition (screen-definitions/screens), drawn by the engine; the
 * others are drawn by their component (AdminConsoleScreen).
 */
export const ADMIN_SECTIONS = [
  { id: 'GetMetadata', labelKey: 'admin.sections.metadata', requires: [], definition: 'admin-metadata' },
  { id: 'ScheduleMaintenance', labelKey: 'admin.sections.maintenance', requires: [], definition: 'admin-maintenance' },
  { id: 'SendMessage', labelKey: 'admin.sections.message', requires: [], definition: 'admin-message' },
  { id: 'Security', labelKey: 'admin.sections.security', requires: [{ ObjectType: 'SECURITY_ROLES', Read: true }] },
  { id: 'Studio', labelKey: 'studio.title', requires: [{ ObjectType: 'DEFINITION_STUDIO', Read: true }] },
] as const satisfies readonly { id: string; labelKey: string; requires: readonly CapabilityRequirement[]; definition?: string }[];

/** The definition that draws a section, if it is one. */
export const sectionDefinition = (id: AdminSectionId): string | undefined => {
  const section = ADMIN_SECTIONS.find((entry) => entry.id === id);
  return section && 'definition' in section ? section.definition : undefined;
};

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const DEFAULT_ADMIN_SECTION: AdminSectionId = 'GetMetadata';

export const visibleSections = (capabilities: readonly Capability[]) =>
  ADMIN_SECTIONS.filter((section) => meetsRequirements(capabilities, section.requires));

/** The section for a route parameter; undefined when the name is unknown (or not allowed). */
export function sectionFor(methodName: string | undefined, capabilities: readonly Capability[]): AdminSectionId | undefined {
  if (!methodName) return DEFAULT_ADMIN_SECTION;
  return visibleSections(capabilities).find((section) => section.id.toLowerCase() === methodName.toLowerCase())?.id;
}
