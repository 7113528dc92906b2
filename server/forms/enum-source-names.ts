/** Names a layout may use for remote enum sources and server-side rules (listed in the published schema). */
export const ENUM_SOURCES = ['Countries', 'Regions', 'Currencies', 'Languages', 'CompanyUsers', 'Roles', 'Products', 'DataCenters'] as const;
export type EnumSourceName = (typeof ENUM_SOURCES)[number];

export const REMOTE_RULES = ['VatNumber', 'Hostname', 'TenantDomain'] as const;
export type RemoteRuleName = (typeof REMOTE_RULES)[number];

/** Renderer hints a layout may give (renderers/forms has one renderer per hint; DateTime: a String edited as local yyyy-mm-ddThh:mm). */
export const DISPLAY_TEMPLATES = ['Combobox', 'Multiline', 'DateTime'] as const;
