import { callService } from '../../api';
import type { BodyOf, Catalogue } from '../../../contract';

/** Spec §9: the shell asks for 100 services and shows the first 3 with the count. */
export const SERVICE_SEARCH_LIMIT = 100;
export const SERVICES_SHOWN = 3;

export interface AccountResult {
  AccountId: number;
  AccountType: string;
  AccountState: string;
  DisplayName: string;
}
export interface ServiceResult {
  Id: number;
  DisplayName: string;
}
export interface SearchResults {
  accounts: AccountResult[];
  services: ServiceResult[];
  serviceCount: number;
}

/** The service filter of spec §3: the text as DisplayName, everything else open, Explore's Root source, by Ranking. */
export const shellServiceSearch = (text: string): BodyOf<Catalogue['Marketplace']['SearchServices']> => ({
  limit: SERVICE_SEARCH_LIMIT,
  options: { DisplayName: text, OwnerAccountIds: [], ServiceCategories: [], ServiceTags: [], ShowNewOnly: false, Source: { Type: 'Root' } },
  orderBy: { Key: 'Ranking', Value: 'ASC' },
});

/** The search text as the Explore route wants it: base64 of its UTF-8 bytes. */
export function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Accounts and (with Marketplace Read) services at once. Either half may fail
 * on its own: its failure is only logged (spec §8) and the other half shows.
 * Errors never pop up; an aborted search rejects so its late answer is dropped.
 */
export async function searchEverything(text: string, signal: AbortSignal, withServices: boolean): Promise<SearchResults> {
  const options = { signal, suppressErrors: true };
  const [accounts, services] = await Promise.allSettled([
    callService('Account', 'SearchAccount', { text }, options),
    withServices ? callService('Marketplace', 'SearchServices', shellServiceSearch(text), options) : Promise.resolve(undefined),
  ]);
  if (signal.aborted) throw new DOMException('search replaced', 'AbortError');
  if (accounts.status === 'rejected') console.error('Account search failed', accounts.reason);
  if (services.status === 'rejected') console.error('Service search failed', services.reason);
  const serviceResult = services.status === 'fulfilled' ? services.value : undefined;
  return {
    accounts: accounts.status === 'fulfilled' ? accounts.value : [],
    services: serviceResult?.Services.slice(0, SERVICES_SHOWN) ?? [],
    serviceCount: serviceResult?.TotalCount ?? 0,
  };
}
