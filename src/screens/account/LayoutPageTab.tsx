import { useMemo } from 'react';
import { layoutToFormModel } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, useLayoutForm } from '../../../renderers/forms';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../session';
import { useViewLayout } from './account-queries';
import type { AccountTabProps } from './account-tab-props';
import { accountFormServices } from './form-services';

/** A tab that is one page of the account's layout, read-only (edited on the details tab). */
export default function LayoutPageTab({ account, tab }: AccountTabProps) {
  const view = useViewLayout(account.AccountType, 'VIEW', account.ProductName);
  const { data: user } = useCurrentUser();
  const layout = useMemo(() => view.data && { ...view.data, Pages: view.data.Pages.filter((page) => page.Name === tab.Page) }, [view.data, tab.Page]);
  const model = useMemo(
    () => (layout && user ? layoutToFormModel(layout, { mode: 'view', views: account.Views, capabilities: user.Capability, testers: defaultRendererRegistry.testers }) : undefined),
    [layout, user, account.Views],
  );
  if (!model) return <PageSpinner />;
  return <PageForm model={model} account={account} testId={`account-subpage-${tab.Path}`} />;
}

function PageForm({ model, account, testId }: { model: ReturnType<typeof layoutToFormModel>; account: AccountTabProps['account']; testId: string }) {
  const services = useMemo(() => accountFormServices({ accountType: account.AccountType, productName: account.ProductName, accountId: account.AccountId }), [account]);
  const form = useLayoutForm(model, { services });
  return (
    <div data-testid={testId}>
      <LayoutForm form={form} />
    </div>
  );
}
