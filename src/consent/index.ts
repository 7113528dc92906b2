export { CONSENT_SERVICES, consentServiceById } from './consent-services';
export type { ConsentService } from './consent-services';
export { acceptConsent, allConsentAccepted, consentRecord, useConsentRecord, CONSENT_STORAGE_KEY } from './consent-store';
export { scriptsToLoad, thirdPartyScriptsAllowed, INSTANCES_WITHOUT_THIRD_PARTY_SCRIPTS } from './third-party-scripts';
export { useThirdPartyScripts } from './use-third-party-scripts';
