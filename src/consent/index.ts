export { CONSENT_SERVICE_IDS, isConsentService } from './consent-services';
export { acceptConsent, allConsentAccepted, consentRecord, consentState, useConsentRecord, CONSENT_STORAGE_KEY } from './consent-store';
export { scriptsToLoad, thirdPartyScriptsAllowed, INSTANCES_WITHOUT_THIRD_PARTY_SCRIPTS } from './third-party-scripts';
export { useThirdPartyScripts } from './use-third-party-scripts';
