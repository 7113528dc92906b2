/**
 * The cookie-consent services of the portal (spec §2 /consent/{usercentricsServiceId},
 * §6 Chat). Ids are the consent manager's service ids; names are texts.
 */
export interface ConsentService {
  id: string;
  /** Text key of the service's name (locales: shell.consent.services.*). */
  nameKey: string;
}

export const CONSENT_SERVICES: readonly ConsentService[] = [
  { id: 'chat-assistant', nameKey: 'shell.consent.services.chatAssistant' },
  { id: 'web-analytics', nameKey: 'shell.consent.services.webAnalytics' },
];

export const consentServiceById = (id: string) => CONSENT_SERVICES.find((service) => service.id === id);
