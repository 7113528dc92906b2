/**
 * Where and how the client reaches the service layer (spec §7). Another server
 * speaking the same contract may spell some services otherwise: map them here
 * instead of touching the catalogue or the call sites.
 */
export interface ApiConfig {
  /** Prefix of every service call: `{basePath}/{Service}/{Method}`. */
  basePath: string;
  /** Catalogue service name → the name the server uses in the URL. */
  serviceNameMap: Readonly<Record<string, string>>;
  /** Default time limit of one call; a call may pass its own. */
  defaultTimeoutMs: number;
  /** Plain GET endpoints that end the session of the sibling apps on sign-out (spec §7). */
  logoutUrls: readonly string[];
}

export const apiConfig: ApiConfig = {
  basePath: '/DataModel/service.svc/rest',
  serviceNameMap: {},
  defaultTimeoutMs: 60_000,
  logoutUrls: ['/keeper/logout', '/dash/logout'],
};

/** The URL segment for a catalogue service name, after the configured mapping. */
export function serverServiceName(service: string, config: ApiConfig = apiConfig): string {
  return Object.hasOwn(config.serviceNameMap, service) ? config.serviceNameMap[service] : service;
}
