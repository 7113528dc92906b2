/** Shapes the quotation tool's calls answer (see src/contract/services/quotes.ts); the lines are screen-definitions/quote-lines.json. */
export interface CustomerOption {
  AccountId: number;
  DisplayName: string;
  AccountIdentificator: string | null;
  Currency: string | null;
}

export interface QuoteOrder {
  Path: 'Direct' | 'CreditCheck';
  ProvisioningRequestIds: number[];
  ProductAccountIds: number[];
  CreditCheckOrderIds: number[];
}
