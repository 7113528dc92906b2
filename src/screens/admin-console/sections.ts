import type { Capability } from '../../../contract';
import { meetsRequirements } from '../../router/guard';
import type { CapabilityRequirement } from '../../router/route-record';

/** The console's sections; the route's :methodName picks one (spec §2 /admin-console/{methodName?}). */
export const ADMIN_SECTIONS = [
  { id: 'GetMetadata', labelKey: 'admin.sections.metadata', requires: [] },
  { id: 'ScheduleMaintenance', labelKey: 'admin.sections.maintenance', requires: [] },
  { id: 'SendMessage', labelKey: 'admin.sections.message', requires: [] },
  { id: 'Security', labelKey: 'admin.sections.security', requires: [{ ObjectType: 'SECURITY_ROLES', Read: true }] },
  { id: 'Studio', labelKey: 'studio.title', requires: [{ ObjectType: 'DEFINITION_STUDIO', Read: true }] },
] as const satisfies readonly { id: string; labelKey: string; requires: readonly CapabilityRequirement[] }[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

export const DEFAULT_ADMIN_SECTION: AdminSectionId = 'GetMetadata';

export const visibleSections = (capabilities: readonly Capability[]) =>
  ADMIN_SECTIONS.filter((section) => meetsRequirements(capabilities, section.requires));

/** The section for a route parameter; undefined when the name is unknown (or not allowed). */
export function sectionFor(methodName: string | undefined, capabilities: readonly Capability[]): AdminSectionId | undefined {
  if (!methodName) return DEFAULT_ADMIN_SECTION;
  return visibleSections(capabilities).find((section) => section.id.toLowerCase() === methodName.toLowerCase())?.id;
}

/** ADMINISTRATIVE Execute: scheduling maintenance and sending messages. */
export const canExecuteAdministration = (capabilities: readonly Capability[]) =>
  meetsRequirements(capabilities, [{ ObjectType: 'ADMINISTRATIVE', Execute: true }]);
