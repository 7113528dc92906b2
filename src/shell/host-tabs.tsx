/**
 * TEMPORARY (issue 33): the tabs a page of tabs asks the app to draw by name (contract/host-tabs.ts) while they
 * are not definitions yet: the account page's details, billing and available services are still
 * hand-written (src/screens/account/pending-tabs.tsx …). When a definition lands, the layouts
 * name it (Tabs[].Definition) and its entry here and in contract/host-tabs.ts goes.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { HostTabName } from '../../contract/host-tabs';
import type { HostTabs } from '../../renderers/grids/DefinedTabs';
import { PageSpinner } from '../components/PageSpinner';

type AccountTab = LazyExoticComponent<ComponentType<{ accountId: number }>>;

const TABS: Record<HostTabName, AccountTab> = {
  accountDetails: lazy(() => import('../screens/account/pending-tabs').then((module) => ({ default: module.PendingDetailsTab }))),
  accountBilling: lazy(() => import('../screens/account/pending-tabs').then((module) => ({ default: module.PendingBillingTab }))),
  availableServices: lazy(() => import('../screens/account/AvailableServicesTab')),
};

export const hostTabs: HostTabs = Object.fromEntries(
  Object.entries(TABS).map(([name, Tab]) => [
    name,
    (context: Record<string, unknown>) => (
      <Suspense fallback={<PageSpinner />}>
        <Tab accountId={Number(context.accountId)} />
      </Suspense>
    ),
  ]),
);
