/**
 * TEMPORARY (issue 33): the account page's tabs not yet converted into definitions, drawn as host tabs
 * (src/shell/host-tabs.tsx) with the account from the tab's context. Each goes when its definition lands.
 */
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../session';
import { AccountDetails } from './AccountDetails';
import { useAccount } from './account-queries';
import { BillingTab } from './BillingTab';

/** The account's layout form (view, then edit in place). */
export function PendingDetailsTab({ accountId }: { accountId: number }) {
  const account = useAccount(accountId);
  const { data: user } = useCurrentUser();
  if (!account.data || !user) return <PageSpinner />;
  return <AccountDetails key={accountId} account={account.data} user={user} />;
}

/** Billing in the account's currency, else that of the user's company (spec §2). */
export function PendingBillingTab({ accountId }: { accountId: number }) {
  const account = useAccount(accountId);
  const { data: user } = useCurrentUser();
  if (!account.data || !user) return <PageSpinner />;
  const own = account.data.Views.Values?.Currency;
  const currency = typeof own === 'string' && own ? own : user.CompanyAccount?.Views.Values.Currency;
  return <BillingTab accountId={accountId} currency={typeof currency === 'string' ? currency : undefined} />;
}
