/** Shapes the quotation tool's calls answer (see src/contract/services/quotes.ts). */
export type Commitment = '1-month' | 'annual' | '3-year' | 'other';
export const COMMITMENTS: readonly Commitment[] = ['1-month', 'annual', '3-year', 'other'];

export interface QuoteProductOption {
  ServiceId: number;
  Name: string;
  ProductName: string;
  VendorName: string;
  Category: string;
  FeeType: string;
  BillingRule: string;
  PeriodMonths: number;
  UnitPrice: number;
  SetupFee: number;
  Currency: string;
  BoughtTogetherBy?: number;
}

export interface CustomerOption {
  AccountId: number;
  DisplayName: string;
  AccountIdentificator: string | null;
  Currency: string | null;
}

/** One line as the editor holds it (texts as typed). */
export interface EditorLine {
  key: number;
  productName: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  commitment: Commitment;
  months: string;
}

export interface QuoteOrder {
  Path: 'Direct' | 'CreditCheck';
  ProvisioningRequestIds: number[];
  ProductAccountIds: number[];
  CreditCheckOrderIds: number[];
}

/** A decimal as typed, with a comma or a point; NaN when it is not a number. */
export const parseDecimal = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));
