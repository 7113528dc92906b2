/**
 * The renderers of the account page's tabs by name (contract/account-types.ts
 * ACCOUNT_TAB_RENDERERS): a layout's Tabs name them, the page draws the tab with
 * the renderer of that name. Mounted lazily (AG Grid loads with its tab).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AccountTabRenderer } from '../../../contract/account-types';
import type { AccountTabProps } from './account-tab-props';

export type { AccountTabProps } from './account-tab-props';

/** Every renderer but `details` (the page draws the layout's form itself). */
export const ACCOUNT_TAB_SCREENS: Record<Exclude<AccountTabRenderer, 'details'>, LazyExoticComponent<ComponentType<AccountTabProps>>> = {
  grid: lazy(() => import('./DefinitionTab')),
  layoutPage: lazy(() => import('./LayoutPageTab')),
  billing: lazy(() => import('./BillingTab')),
  provisioning: lazy(() => import('../provisioning/ProvisioningTab')),
  security: lazy(() => import('./SecurityTab')),
  userSecurity: lazy(() => import('./UserSecurityTab')),
  availableServices: lazy(() => import('./AvailableServicesTab')),
  hierarchy: lazy(() => import('../lifecycle/HierarchyTab')),
  customCharges: lazy(() => import('../custom-charges/CustomChargesTab')),
  apiTokens: lazy(() => import('../api-tokens/ServiceTokensTab')),
};
