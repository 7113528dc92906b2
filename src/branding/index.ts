export { getBranding, parseBranding, applyBrandingToDocument, DEFAULT_BRANDING, INSTANCES } from './branding';
export type { Branding, Instance, SsoSetup, SupportContactInfo, ThirdPartyScriptConfig } from './branding';
