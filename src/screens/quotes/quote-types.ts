import type { ResultOf } from '../../../contract/define';
import type { Quotes } from '../../../contract/services/quotes';

/** Shapes the quotation tool's calls answer (see contract/services/quotes.ts); the lines are screen-definitions/screens/quote-lines.json. */
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

/** The quote as LoadQuote answers it. */
export type QuoteDetail = ResultOf<typeof Quotes.LoadQuote>;
