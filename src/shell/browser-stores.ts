/**
 * The data the app keeps in this browser, by the names screen definitions read and write it under
 * (`service: "BrowserStore"`, contract/browser-stores.ts): the consent page (consent.json) reads whether a
 * service is accepted and accepts it.
 */
import type { BrowserStores } from '../../engine/grids';
import { acceptConsent, consentState } from '../consent/consent-store';

const serviceIdOf = (params: Readonly<Record<string, unknown>>) => String(params.serviceId ?? '');

export const browserStores: BrowserStores = {
  consent: {
    read: (params) => consentState(serviceIdOf(params)),
    write: (params) => {
      const id = serviceIdOf(params);
      if (!consentState(id).Known) throw new Error(`${id} is not a consent service`);
      acceptConsent(id);
      return consentState(id);
    },
  },
};
