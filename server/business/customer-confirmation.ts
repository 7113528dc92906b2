/**
 * The customer's confirmation of a quote its seller accepted on the customer's behalf (issue 36,
 * Quotes/AcceptQuoteOnBehalf), as stored with the quote (quotes.customer_confirmation) and as the
 * quote and the credit-check orders it placed answer it.
 */
import type { Static } from '@sinclair/typebox';
import type { CustomerConfirmationSchema } from '../../contract/services/quotes';

type CustomerConfirmation = Static<typeof CustomerConfirmationSchema>;

/** The customer's confirmation as stored with a quote its seller accepted on the customer's behalf (migration 0040). */
export interface StoredConfirmation {
  ConfirmedBy: string;
  ConfirmedOn: string;
  Kind: string;
  Reference: string;
  DocumentFileId: number | null;
  DocumentName: string | null;
  AcceptedByUserId: number;
  AcceptedByName: string;
  AcceptedAt: string;
}

/** A stored confirmation as answers show it (the document by its name; it is fetched by GetQuoteConfirmationDocument). */
export function confirmationResult(stored: StoredConfirmation | null | undefined): CustomerConfirmation | null {
  if (!stored) return null;
  return {
    ConfirmedBy: stored.ConfirmedBy,
    ConfirmedOn: stored.ConfirmedOn,
    Kind: stored.Kind,
    Reference: stored.Reference,
    DocumentName: stored.DocumentName,
    AcceptedByUserId: Number(stored.AcceptedByUserId),
    AcceptedByName: stored.AcceptedByName,
    AcceptedAt: stored.AcceptedAt,
  };
}
