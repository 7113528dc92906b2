import { useEffect } from 'react';
import { setPageViewTracker } from '../analytics';
import { getBranding } from '../branding';
import { useConsentRecord } from './consent-store';
import { consentManagerAccepted, injectScripts, scriptsToLoad, thirdPartyScriptsAllowed, type ThirdPartyScript } from './third-party-scripts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Loads the operator's third-party scripts where the instance allows them
 * (src/consent/third-party-scripts.ts). Mounted by the signed-in shell, which
 * knows whether the user is impersonating.
 */
export function useThirdPartyScripts(impersonating: boolean): void {
  const consent = useConsentRecord();
  useEffect(() => {
    const { instance, third_party_scripts: configured } = getBranding();
    if (!thirdPartyScriptsAllowed(instance) || configured.length === 0) return undefined;
    const scripts: ThirdPartyScript[] = configured.map((script) => ({ kind: script.kind, src: script.src, consentServiceId: script.consent_service_id }));
    let active = true;
    const load = (accepted: Iterable<string>) => {
      const allowed = scriptsToLoad(scripts, { instance, impersonating, accepted: new Set(accepted) });
      injectScripts(allowed);
      if (allowed.some((script) => script.kind === 'analytics')) {
        setPageViewTracker((path) => (window.dataLayer ??= []).push({ event: 'page_view', page_path: path }));
      }
    };
    const local = Object.keys(consent);
    load(local);
    if (scripts.some((script) => script.kind === 'consent')) {
      void consentManagerAccepted().then((ids) => {
        if (active) load([...local, ...ids]);
      });
    }
    return () => {
      active = false;
    };
  }, [consent, impersonating]);
}
