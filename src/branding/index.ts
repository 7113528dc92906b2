export { getBranding, parseBranding, applyBrandingToDocument, DEFAULT_BRANDING } from './branding';
export type { Branding, SsoSetup, SupportContactInfo } from './branding';
