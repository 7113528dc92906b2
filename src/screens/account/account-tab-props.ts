import type { AccountTypeTab } from '../../../contract/account-types';
import type { LoadedAccount } from '../../../contract/services/account-schemas';

/** What every account tab renderer receives (account-tab-renderers.ts names them). */
export interface AccountTabProps {
  accountId: number;
  /** Spec §2: billing receives the company currency. */
  currency?: string;
  tab: AccountTypeTab;
  account: LoadedAccount;
}
