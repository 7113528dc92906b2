import type { ResolveShellLink, ShellLinkTarget } from '../links';
import { base64OfText, SERVICES_SHOWN, type SearchResults } from './search-everything';

/** One selectable row of the results panel, in keyboard order. */
export interface SearchOption {
  id: string;
  kind: 'account' | 'service' | 'allServices';
  label: string;
  accountType?: string;
  /** User name, the account it sits in and its id: tells two accounts of one name apart. */
  details?: string;
  terminated?: boolean;
  /** Undefined when neither this portal nor the legacy app has a screen for it: shown, not clickable. */
  target: ShellLinkTarget | undefined;
}

/** "amelia.clarke · Contoso Ltd · #1234": what tells one search hit from another of the same name. */
export function accountHitDetails(account: { AccountId: number; UserName?: string; Organisation?: string | null }): string {
  return [account.UserName, account.Organisation, `#${account.AccountId}`].filter(Boolean).join(' · ');
}

/** Accounts, then the first services, then "show all" (only where an Explore page exists). */
export function searchOptions(text: string, results: SearchResults, resolve: ResolveShellLink): SearchOption[] {
  const accounts = results.accounts.map(
    (account): SearchOption => ({
      id: `search-account-${account.AccountId}`,
      kind: 'account',
      label: account.DisplayName,
      accountType: account.AccountType,
      details: accountHitDetails(account),
      terminated: account.AccountState === 'Terminated',
      target: resolve('accountView', { accountId: account.AccountId }),
    }),
  );
  const services = results.services.slice(0, SERVICES_SHOWN).map(
    (service): SearchOption => ({
      id: `search-service-${service.Id}`,
      kind: 'service',
      label: service.DisplayName,
      target: resolve('serviceDetail', { serviceId: service.Id }),
    }),
  );
  const explore = results.serviceCount > 0 ? resolve('exploreSearch', { searchText: base64OfText(text) }) : undefined;
  const all: SearchOption[] = explore ? [{ id: 'search-all-services', kind: 'allServices', label: '', target: explore }] : [];
  return [...accounts, ...services, ...all];
}
