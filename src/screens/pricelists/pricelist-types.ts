/** What the Marketplace calls of these screens answer (their catalogue results are not typed in detail). */
export interface PricelistSummary {
  Id: number;
  Name: string;
  Description: string;
  Currency: string;
  PricePriority: number;
  CustomersCount: number;
  ServicesCount: number;
}

export interface UpdateJob {
  JobId: number;
  MarketplaceId: number;
  Kind: 'Update' | 'Propagate';
  Status: 'Pending' | 'In progress' | 'Completed' | 'Failed';
  TotalItems: number;
  ProcessedItems: number;
}

export interface PriceRow {
  Id: string;
  MarketplaceId: number;
  MarketplaceName: string;
  ServiceId: number;
  ServiceName: string;
  DisplayName: string;
  VendorName: string;
  PriceableItem: string;
  FeeType: string;
  Currency: string;
  PurchasePrice: number;
  SalesPrice: number;
  SuggestedRetailPrice: number;
  Margin: number | null;
}

export const FEE_TYPE_OPTIONS = ['base', 'monthly', 'one-time', 'per N months', 'prepaid N months'] as const;
export type FeeType = (typeof FEE_TYPE_OPTIONS)[number];
