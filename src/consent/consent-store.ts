import { useSyncExternalStore } from 'react';
import { CONSENT_SERVICE_IDS, isConsentService } from './consent-services';

/**
 * Which consent services the user accepted in this browser, and when
 * (localStorage, like the consent manager's own cookie). The consent manager,
 * where one loads, adds its answers (third-party-scripts.ts).
 */
export const CONSENT_STORAGE_KEY = 'consentServices';

export type ConsentRecord = Readonly<Record<string, string>>;

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ConsentRecord = {};

function read(): ConsentRecord {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Blocked storage: nothing accepted.
  }
  // Same text, same object: useSyncExternalStore needs a stable snapshot.
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    cached =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
        : {};
  } catch {
    cached = {};
  }
  return cached;
}

export function consentRecord(): ConsentRecord {
  return read();
}

export function acceptConsent(serviceId: string, now: Date = new Date()): void {
  const next = { ...read(), [serviceId]: now.toISOString() };
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Blocked storage: the consent cannot be remembered.
  }
  listeners.forEach((listener) => listener());
}

/** Every consent service of the portal is accepted (spec §6: the chat needs all of them). */
export const allConsentAccepted = (record: ConsentRecord, services = CONSENT_SERVICE_IDS) => services.every((id) => Boolean(record[id]));

/**
 * The consent page's record of one service (the browser store `consent`, contract/browser-stores.ts): whether the
 * portal knows it, and whether and when this browser accepted it.
 */
export function consentState(serviceId: string): { ServiceId: string; Known: boolean; State: 'accepted' | 'open' | null; AcceptedAt: string | null } {
  const acceptedAt = read()[serviceId] ?? null;
  const known = isConsentService(serviceId);
  return { ServiceId: serviceId, Known: known, State: known ? (acceptedAt ? 'accepted' : 'open') : null, AcceptedAt: acceptedAt };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab accepting counts here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useConsentRecord(): ConsentRecord {
  return useSyncExternalStore(subscribe, read, read);
}
