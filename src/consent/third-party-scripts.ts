/**
 * Consent, analytics, tracking and support-assistant scripts (spec §6, §9):
 * loaded only on instances where they are allowed, never on ci, ite, xx and
 * dev; the support assistant never while impersonating; analytics and
 * tracking only once their consent service is accepted. The operator lists
 * the scripts in the branding file (`third_party_scripts`); none by default.
 */
import type { Instance } from '../branding';

export const INSTANCES_WITHOUT_THIRD_PARTY_SCRIPTS: readonly Instance[] = ['ci', 'ite', 'xx', 'dev'];

export type ThirdPartyScriptKind = 'consent' | 'analytics' | 'tracking' | 'supportAssistant';

export interface ThirdPartyScript {
  kind: ThirdPartyScriptKind;
  src: string;
  /** The consent service that must be accepted first (analytics, tracking). */
  consentServiceId?: string;
}

export const thirdPartyScriptsAllowed = (instance: Instance) => !INSTANCES_WITHOUT_THIRD_PARTY_SCRIPTS.includes(instance);

export interface ScriptContext {
  instance: Instance;
  impersonating: boolean;
  /** Consent services accepted (locally or in the consent manager). */
  accepted: ReadonlySet<string>;
}

/** Which of the configured scripts may load now. */
export function scriptsToLoad(scripts: readonly ThirdPartyScript[], context: ScriptContext): ThirdPartyScript[] {
  if (!thirdPartyScriptsAllowed(context.instance)) return [];
  return scripts.filter((script) => {
    if (script.kind === 'supportAssistant' && context.impersonating) return false;
    return !script.consentServiceId || context.accepted.has(script.consentServiceId);
  });
}

/** Adds each script once (async, so a slow vendor never holds up the portal). */
export function injectScripts(scripts: readonly ThirdPartyScript[], doc: Document = document): void {
  for (const script of scripts) {
    if ([...doc.querySelectorAll<HTMLScriptElement>('script[data-third-party]')].some((element) => element.src === new URL(script.src, doc.baseURI).href)) continue;
    const element = doc.createElement('script');
    element.src = script.src;
    element.async = true;
    element.dataset.thirdParty = script.kind;
    doc.head.appendChild(element);
  }
}

/** Spec §9: the consent manager gets up to 180 s to appear, looked for every 200 ms. */
export const CONSENT_MANAGER_POLL_MS = 200;
export const CONSENT_MANAGER_TIMEOUT_MS = 180_000;

/** Resolves with the value once `probe` returns one, or with undefined after the timeout. */
export function waitFor<T>(probe: () => T | undefined, intervalMs = CONSENT_MANAGER_POLL_MS, timeoutMs = CONSENT_MANAGER_TIMEOUT_MS): Promise<T | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      const value = probe();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started >= timeoutMs) resolve(undefined);
      else setTimeout(check, intervalMs);
    };
    check();
  });
}

/** The consent manager's page API (Usercentrics): which services the user accepted there. */
interface ConsentManagerApi {
  getServicesBaseInfo(): { id: string; consent?: { status?: boolean } }[];
}

declare global {
  interface Window {
    UC_UI?: ConsentManagerApi;
  }
}

/** Service ids the loaded consent manager reports as accepted. */
export async function consentManagerAccepted(win: Window = window): Promise<string[]> {
  const api = await waitFor(() => win.UC_UI);
  if (!api) return [];
  try {
    return api.getServicesBaseInfo().filter((service) => service.consent?.status).map((service) => service.id);
  } catch (error) {
    console.error('The consent manager could not be read', error);
    return [];
  }
}
