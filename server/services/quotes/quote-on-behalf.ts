/**
 * A seller accepting a Sent quote for its customer (issue 36): the customer confirmed outside the
 * portal (a signed quote, an e-mail), the seller records who confirmed, when and where it is written,
 * and the quote is ordered as the customer's own acceptance orders it (quote-accept.ts). The quote,
 * the credit-check orders it places (through their quote_id) and the audit log carry the confirmation.
 * Refused, changing nothing: a customer outside the caller's reach (moved away, or no longer below
 * the quote's seller), a quote not waiting for an answer, a confirmation dated in the future or
 * before the quote was sent, a document that is not one.
 */
import type { Static } from '@sinclair/typebox';
import type { CustomerConfirmationInput } from '../../../contract/services/quotes';
import { isWithin } from '../../auth/access';
import { acceptedDocumentType, saveFile } from '../../business/stored-files';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { Caller } from '../context';
import { longDate } from '../values/value-texts';
import type { QuoteRow, StoredConfirmation } from './quote-store';

export type ConfirmationInput = Static<typeof CustomerConfirmationInput>;

const isoDay = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()).slice(0, 10);

/** The quote's customer as it stands now: within the caller's reach and still below the quote's seller (403 otherwise). */
export async function assertCustomerInReach(db: Queryable, caller: Caller, quote: QuoteRow): Promise<void> {
  const customer = await db.one<{ path: string; state: string }>('SELECT path, state FROM accounts WHERE id = $1', [quote.customer_account_id]);
  const inReach =
    customer !== undefined &&
    customer.state !== 'Terminated' &&
    isWithin(customer.path, caller.loaded.scopePath) &&
    customer.path.startsWith(`${quote.seller_path}/`);
  if (!inReach) throw fault(403, 'quotes.onBehalfOutOfReach', { customer: quote.customer_name });
}

/**
 * The confirmation as it will be stored, its document saved (checked by name and content).
 * `today` is the server's day: a confirmation cannot come from tomorrow, nor from before the quote was sent.
 */
export async function recordConfirmation(
  tx: Queryable,
  caller: Caller,
  quote: QuoteRow,
  input: ConfirmationInput,
  locale: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<StoredConfirmation> {
  const confirmedBy = input.ConfirmedBy.trim();
  const reference = input.Reference.trim();
  if (!confirmedBy || !reference) throw fault(400, 'quotes.confirmationIncomplete');
  if (input.ConfirmedOn > today) throw fault(400, 'quotes.confirmationInFuture');
  const sentOn = quote.sent_at ? isoDay(quote.sent_at) : undefined;
  if (sentOn && input.ConfirmedOn < sentOn) throw fault(400, 'quotes.confirmationBeforeSent', { date: longDate(locale, sentOn) });
  let document: { id: number; name: string } | undefined;
  if (input.Document) {
    const content = Buffer.from(input.Document.Content, 'base64');
    const contentType = await acceptedDocumentType(input.Document.FileName, content);
    if (!contentType) throw fault(400, 'orders.fileFormatNotSupported');
    const stored = await saveFile(tx, { fileName: input.Document.FileName, contentType, content, createdBy: caller.loaded.user.UserAccountId });
    document = { id: Number(stored.id), name: stored.fileName };
  }
  const userId = caller.loaded.user.UserAccountId;
  const user = await tx.one<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [userId]);
  return {
    ConfirmedBy: confirmedBy,
    ConfirmedOn: input.ConfirmedOn,
    Kind: input.Kind,
    Reference: reference,
    DocumentFileId: document?.id ?? null,
    DocumentName: document?.name ?? null,
    AcceptedByUserId: userId,
    AcceptedByName: user?.display_name ?? caller.loaded.user.Username,
    AcceptedAt: new Date().toISOString(),
  };
}

/** The credit-check orders an accepted quote placed get the confirmation's document among their files. */
export async function attachToOrders(tx: Queryable, orderIds: readonly number[], confirmation: StoredConfirmation): Promise<void> {
  if (!confirmation.DocumentFileId || orderIds.length === 0) return;
  const size = await tx.one<{ size: number; content_type: string }>('SELECT size, content_type FROM stored_files WHERE id = $1', [confirmation.DocumentFileId]);
  const file = { Id: confirmation.DocumentFileId, Name: confirmation.DocumentName, Size: Number(size?.size ?? 0), ContentType: size?.content_type ?? 'application/pdf' };
  await tx.query(`UPDATE credit_check_orders SET files = files || $2::jsonb WHERE id = ANY ($1::bigint[])`, [orderIds, JSON.stringify([file])]);
}
