/**
 * The cookie-consent services of the portal (spec §2 /consent/{usercentricsServiceId},
 * §6 Chat). Ids are the consent manager's service ids; their names are the value kind
 * consentService's texts (contract/value-kinds.ts).
 */
import { VALUE_KINDS } from '../../contract/value-kinds';

export const CONSENT_SERVICE_IDS: readonly string[] = VALUE_KINDS.consentService.values;

export const isConsentService = (id: string) => CONSENT_SERVICE_IDS.includes(id);
