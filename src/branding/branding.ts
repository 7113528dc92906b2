/**
 * The marketplace branding (spec §3 Branding config). The server generates
 * /branding/latest/config.gen.js, a plain script that assigns
 * `window.brandingConfig`; index.html loads it before the app. Anything missing
 * or malformed falls back to the defaults silently, field by field.
 */

export interface SsoSetup {
  id: string;
  name: string;
  client: string;
  auth_endpoint: string;
  scope: string;
}

export interface SupportContactInfo {
  phone_number?: string;
  email?: string;
  workdays_main?: string;
  workdays_main_time?: string;
  workdays_other?: string;
  workdays_other_time?: string;
}

export interface Branding {
  title: string;
  logo?: string;
  favicon?: string;
  colors: { primary: string; secondary?: string };
  default_locale?: string;
  glance_group_id?: string;
  marketplace_owner?: string;
  pod_id?: string;
  sso_setup_list: SsoSetup[];
  register_url?: string;
  status_page_url?: string;
  support_contact_info?: SupportContactInfo;
  support_url?: string;
  support_details?: string;
  login_support_phone_number?: string;
  /** Which installation this is (spec §9 Instances); decides which third-party scripts may load. */
  instance: Instance;
  /**
   * Where the legacy main app lives (the operator's LEGACY_APP_URL). Shell links
   * into it (`/#/...`) go there when set; without it each goes to this portal's
   * own screen, or is hidden (src/shell/links.ts).
   */
  legacy_app_url?: string;
  /** Consent, analytics, tracking and support-assistant scripts; loaded only where spec §9 allows (src/consent). */
  third_party_scripts: ThirdPartyScriptConfig[];
}

export interface ThirdPartyScriptConfig {
  kind: 'consent' | 'analytics' | 'tracking' | 'supportAssistant';
  src: string;
  consent_service_id?: string;
}
const SCRIPT_KINDS: readonly string[] = ['consent', 'analytics', 'tracking', 'supportAssistant'];

/** The installations of spec §9. */
export const INSTANCES = ['dev', 'pp', 'xx', 'ci', 'ite', 'br', 'ch', 'de', 'fi', 'fr', 'us', 'sg'] as const;
export type Instance = (typeof INSTANCES)[number];
const isInstance = (value: unknown): value is Instance => typeof value === 'string' && (INSTANCES as readonly string[]).includes(value);

declare global {
  interface Window {
    brandingConfig?: unknown;
  }
}

export const DEFAULT_BRANDING: Branding = {
  title: 'Cloud Marketplace',
  colors: { primary: '#6a1b9a' },
  sso_setup_list: [],
  instance: 'dev',
  third_party_scripts: [],
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

// Only forms MUI's colour helpers can parse: a bad value would throw in createTheme.
const COLOR = /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|rgba|hsl|hsla)\([\d\s.,%]+\))$/i;
const color = (value: unknown): string | undefined => {
  const candidate = text(value);
  return candidate && COLOR.test(candidate) ? candidate : undefined;
};

// Links and images from the config end up in href/src: allow web addresses and same-site paths only.
const url = (value: unknown): string | undefined => {
  const candidate = text(value);
  if (!candidate) return undefined;
  if (candidate.startsWith('/') && !candidate.startsWith('//')) return candidate;
  return /^https?:\/\//i.test(candidate) ? candidate : undefined;
};

function ssoSetup(value: unknown): SsoSetup | undefined {
  if (!isObject(value)) return undefined;
  const [id, name, client, authEndpoint] = [text(value.id), text(value.name), text(value.client), url(value.auth_endpoint)];
  if (!id || !name || !client || !authEndpoint) return undefined;
  return { id, name, client, auth_endpoint: authEndpoint, scope: text(value.scope) ?? '' };
}

function thirdPartyScript(value: unknown): ThirdPartyScriptConfig | undefined {
  if (!isObject(value) || typeof value.kind !== 'string' || !SCRIPT_KINDS.includes(value.kind)) return undefined;
  const src = url(value.src);
  if (!src) return undefined;
  const consentServiceId = text(value.consent_service_id);
  return { kind: value.kind as ThirdPartyScriptConfig['kind'], src, ...(consentServiceId ? { consent_service_id: consentServiceId } : {}) };
}

function supportContactInfo(value: unknown): SupportContactInfo | undefined {
  if (!isObject(value)) return undefined;
  const keys = ['phone_number', 'email', 'workdays_main', 'workdays_main_time', 'workdays_other', 'workdays_other_time'] as const;
  const info: SupportContactInfo = {};
  for (const key of keys) {
    const field = text(value[key]);
    if (field) info[key] = field;
  }
  return Object.keys(info).length > 0 ? info : undefined;
}

/** Turns whatever the config script assigned into a complete, safe Branding. */
export function parseBranding(raw: unknown): Branding {
  if (!isObject(raw)) return DEFAULT_BRANDING;
  const colors = isObject(raw.colors) ? raw.colors : {};
  return {
    title: text(raw.title) ?? DEFAULT_BRANDING.title,
    logo: url(raw.logo),
    favicon: url(raw.favicon),
    colors: { primary: color(colors.primary) ?? DEFAULT_BRANDING.colors.primary, secondary: color(colors.secondary) },
    default_locale: text(raw.default_locale),
    glance_group_id: text(raw.glance_group_id),
    marketplace_owner: text(raw.marketplace_owner),
    pod_id: text(raw.pod_id),
    sso_setup_list: Array.isArray(raw.sso_setup_list)
      ? raw.sso_setup_list.map(ssoSetup).filter((entry): entry is SsoSetup => entry !== undefined)
      : [],
    register_url: url(raw.register_url),
    status_page_url: url(raw.status_page_url),
    support_contact_info: supportContactInfo(raw.support_contact_info),
    support_url: url(raw.support_url),
    support_details: text(raw.support_details),
    login_support_phone_number: text(raw.login_support_phone_number),
    instance: isInstance(raw.instance) ? raw.instance : DEFAULT_BRANDING.instance,
    legacy_app_url: url(raw.legacy_app_url),
    third_party_scripts: Array.isArray(raw.third_party_scripts)
      ? raw.third_party_scripts.map(thirdPartyScript).filter((entry): entry is ThirdPartyScriptConfig => entry !== undefined)
      : [],
  };
}

let cached: Branding | undefined;

/** The branding of this page load (read once from `window.brandingConfig`). */
export function getBranding(): Branding {
  if (!cached) {
    try {
      cached = parseBranding(typeof window === 'undefined' ? undefined : window.brandingConfig);
    } catch {
      // A getter on the config object could throw; the spec asks for silent defaults.
      cached = DEFAULT_BRANDING;
    }
  }
  return cached;
}

/** Title and favicon of the browser tab. */
export function applyBrandingToDocument(branding: Branding, doc: Document = document): void {
  doc.title = branding.title;
  if (!branding.favicon) return;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.appendChild(link);
  }
  link.href = branding.favicon;
}
