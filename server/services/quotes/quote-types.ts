import type { Static } from '@sinclair/typebox';
import type { COMMITMENT_PERIODS, QuoteDetailSchema, QuoteSchema, NewQuoteSchema } from '../../../contract/services/quotes';

export type CommitmentPeriodName = (typeof COMMITMENT_PERIODS)[number];
export type QuoteDetail = Static<typeof QuoteDetailSchema>;
export type QuoteInput = Static<typeof QuoteSchema>;
export type NewQuoteInput = Static<typeof NewQuoteSchema>;
export type QuoteStatus = 'Draft' | 'Sent' | 'Accepted' | 'Declined' | 'Expired' | 'Superseded';
