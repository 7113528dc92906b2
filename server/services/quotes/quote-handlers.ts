/**
 * Quotes/* handlers: the quotation tool (spec §7) and its extensions (send,
 * revise, accept, decline, PDF, the customer's product list, grid metadata).
 * See quote-store.ts for who sees a quote, quote-totals.ts for the arithmetic,
 * quote-accept.ts for what accepting orders.
 */
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { downloadFileName } from '../../files/download-name';
import { callerOrganisation } from '../billing/allowed-services';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { orderQuote } from './quote-accept';
import { assertCustomerInReach, attachToOrders, recordConfirmation } from './quote-on-behalf';
import { loadFile } from '../../business/stored-files';
import { emitEvent } from '../../webhooks/emit-event';
import { quoteEvent } from '../../webhooks/domain-events';
import { readQuoteMetadata, readQuotePage, receivesQuotesSql, type QuoteGridMode } from './quote-grid';
import { renderQuotePdf } from './quote-pdf';
import { recommendedServiceIds } from './quote-recommendations';
import {
  customerOf,
  isPastValidity,
  loadDetail,
  pricedCatalogue,
  productFacts,
  quoteDetail,
  readLines,
  visibleQuote,
  writeLines,
  type QuoteRow,
  type StoredConfirmation,
} from './quote-store';
import type { NewQuoteInput } from './quote-types';
import { longDate, valueTextIn } from '../values/value-texts';
import { formatMoney } from '../../../contract/formatting';

/** Most customers ListAvailableCustomers answers (by name). */
const MAX_CUSTOMERS = 1000;

async function writeAudit(tx: Queryable, ctx: ServiceContext, action: string, accountId: number, details: Record<string, unknown>) {
  const caller = requireCaller(ctx);
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [accountId, caller.loaded.user.UserAccountId, caller.impersonatorId, action, JSON.stringify(details), ctx.request.ip],
  );
}

const userId = (caller: Caller) => caller.loaded.user.UserAccountId;

/** The seller side of a quote, for changes: 404 when not visible, 403 for the customer side. */
async function sellerQuote(tx: Queryable, caller: Caller, quoteId: number): Promise<QuoteRow> {
  const { quote, side } = await visibleQuote(tx, caller, quoteId, true);
  if (side !== 'seller') throw fault(403, 'quotes.sellerOnly');
  return quote;
}

async function checkGroup(tx: Queryable, sellerId: number, groupId: number | null | undefined) {
  if (groupId === null || groupId === undefined) return null;
  const group = await tx.one('SELECT id FROM quote_groups WHERE id = $1 AND owner_account_id = $2', [groupId, sellerId]);
  if (!group) throw fault(400, 'quotes.unknownGroup');
  return groupId;
}

function checkValidity(validUntil: string | null | undefined) {
  if (validUntil && validUntil < new Date().toISOString().slice(0, 10)) throw fault(400, 'quotes.validityPast');
}

async function reload(ctx: ServiceContext, tx: Queryable, quoteId: number) {
  return loadDetail(tx, requireCaller(ctx), quoteId);
}

async function sendQuoteMail(ctx: ServiceContext, quoteId: number) {
  const row = await ctx.db.one<{ email: string | null; name: string; customer: string; seller: string; total: number; currency: string; valid_until: string | null }>(
    `SELECT c.views->'Values'->>'Email' AS email, q.name, c.display_name AS customer, s.display_name AS seller, q.total_value AS total, q.currency,
            to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until
       FROM quotes q JOIN accounts c ON c.id = q.customer_account_id JOIN accounts s ON s.id = q.seller_account_id WHERE q.id = $1`,
    [quoteId],
  );
  if (!row?.email) return false;
  const money = formatMoney(Number(row.total), row.currency, { locale: ctx.locale });
  const link = `${ctx.config.mail.publicUrl}/v/#/quotes/${quoteId}`;
  // A quote without an end date says so in words, never with a placeholder date.
  const validity = row.valid_until ? ctx.t('quotes.mail.validUntil', { date: longDate(ctx.locale, row.valid_until) }) : ctx.t('quotes.mail.noEndDate');
  try {
    await ctx.mailer.sendMail({
      to: row.email,
      subject: ctx.t('quotes.mail.sentSubject', { seller: row.seller, name: row.name }),
      text: ctx.t('quotes.mail.sentText', { customer: row.customer, seller: row.seller, name: row.name, total: money, validity, link }),
    });
    return true;
  } catch (error) {
    // The quote is sent (the customer sees it in the portal); a relay failure is logged, not undone.
    ctx.log.warn({ err: error, quoteId }, 'quote mail not sent');
    return false;
  }
}

const gridMode = async (ctx: ServiceContext, customers: boolean): Promise<QuoteGridMode> => {
  const caller = requireCaller(ctx);
  if (customers) {
    const hierarchy = caller.loaded.user.Capability.some((entry) => entry.ObjectType === 'QUOTATION_TOOL' && entry.Read === true && entry.Value === 'HIERARCHY');
    if (!hierarchy) throw fault(403, 'forbidden');
    return { kind: 'customers', scopePath: caller.loaded.scopePath };
  }
  // callerOrganisation's id and receivesQuotes in one round trip: a grid page is a few of them.
  const row = await ctx.db.one<{ id: number; receives: boolean }>(
    `WITH o AS (SELECT coalesce((SELECT id FROM accounts WHERE id = $1::bigint), $2::bigint) AS id)
     SELECT o.id, ${receivesQuotesSql('o.id')} AS receives FROM o`,
    [caller.loaded.user.CompanyAccount?.AccountId ?? null, Number(caller.loaded.scopePath.split('/').pop())],
  );
  return { kind: 'mine', organisationId: Number(row!.id), receives: row!.receives };
};

async function createDraft(ctx: ServiceContext, tx: Queryable, quote: NewQuoteInput, extra: { version?: number; previousId?: number } = {}) {
  const caller = requireCaller(ctx);
  const seller = await callerOrganisation(tx, caller);
  if (!quote.CustomerAccountId) throw fault(400, 'quotes.customerRequired');
  const customer = await customerOf(tx, caller, seller.path, quote.CustomerAccountId);
  checkValidity(quote.ValidUntil);
  const groupId = await checkGroup(tx, seller.id, quote.QuoteGroupId);
  const row = await tx.one<{ id: number }>(
    `INSERT INTO quotes (seller_account_id, seller_path, creator_user_id, customer_account_id, customer_path, quote_group_id, name, currency,
                         valid_until, notes, status, version, previous_quote_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, 'Draft', $11, $12) RETURNING id`,
    [seller.id, seller.path, userId(caller), customer.id, customer.path, groupId, quote.Name.trim(), quote.Currency, quote.ValidUntil ?? null,
      quote.Notes?.trim() || null, extra.version ?? 1, extra.previousId ?? null],
  );
  if (!row) throw new Error('quote not inserted');
  await writeLines(tx, row.id, customer.path, quote.Currency, quote.Products);
  return { id: Number(row.id), customer };
}

/** A quote not waiting for an answer, or past its validity, is refused before anything is recorded. */
function assertDecidable(quote: QuoteRow) {
  if (quote.status !== 'Sent') throw fault(409, 'quotes.notSent');
  if (isPastValidity(quote)) throw fault(409, 'quotes.expired');
}

/**
 * Accepting orders the quote's products (quote-accept.ts) and marks it Accepted, in the caller's transaction:
 * by the customer itself, or by its seller with the customer's confirmation (which the orders then carry).
 */
async function acceptAndOrder(ctx: ServiceContext, tx: Queryable, quote: QuoteRow, confirmation?: StoredConfirmation) {
  const caller = requireCaller(ctx);
  assertDecidable(quote);
  const quoteId = Number(quote.id);
  const lines = await readLines(tx, quoteId);
  const order = await orderQuote(tx, quote, lines, userId(caller));
  await tx.query(
    `UPDATE quotes SET status = 'Accepted', decided_at = now(), decided_by = $2, order_result = $3::jsonb, customer_confirmation = $4::jsonb,
            updated_at = now() WHERE id = $1`,
    [quoteId, userId(caller), JSON.stringify(order), confirmation ? JSON.stringify(confirmation) : null],
  );
  const audited = { quoteId, path: order.Path, orderValue: order.OrderValue };
  if (confirmation) {
    await attachToOrders(tx, order.CreditCheckOrderIds, confirmation);
    await writeAudit(tx, ctx, 'QuoteAcceptedOnBehalf', Number(quote.customer_account_id), {
      ...audited,
      customerAccountId: Number(quote.customer_account_id),
      confirmedBy: confirmation.ConfirmedBy,
      confirmedOn: confirmation.ConfirmedOn,
      confirmationKind: confirmation.Kind,
      reference: confirmation.Reference,
      documentName: confirmation.DocumentName,
    });
  } else {
    await writeAudit(tx, ctx, 'QuoteAccepted', Number(quote.customer_account_id), audited);
  }
  const onBehalf = confirmation ? { onBehalf: true, confirmedBy: confirmation.ConfirmedBy, confirmedOn: confirmation.ConfirmedOn } : {};
  await emitEvent(tx, quoteEvent('quote.accepted', quote, { orderPath: order.Path, orderValue: order.OrderValue, ...onBehalf })); // webhook
  return reload(ctx, tx, quoteId);
}

export const quoteHandlers = defineHandlers('Quotes', {
  async ListAvailableCustomers(ctx) {
    const seller = await callerOrganisation(ctx.db, requireCaller(ctx));
    const rows = await ctx.db.query<{ id: number; display_name: string; account_type: string; identificator: string | null; currency: string | null }>(
      `SELECT id, display_name, account_type, views->'Values'->>'AccountIdentificator' AS identificator, views->'Values'->>'Currency' AS currency
         FROM accounts WHERE path LIKE $1 || '/%' AND account_type IN ('Company', 'Reseller') AND state <> 'Terminated'
        ORDER BY lower(display_name), id LIMIT ${MAX_CUSTOMERS}`,
      [seller.path],
    );
    return rows.map((row) => ({ AccountId: Number(row.id), DisplayName: row.display_name, AccountType: row.account_type, AccountIdentificator: row.identificator, Currency: row.currency }));
  },

  async ListQuoteGroups(ctx) {
    const seller = await callerOrganisation(ctx.db, requireCaller(ctx));
    const rows = await ctx.db.query<{ id: number; name: string }>('SELECT id, name FROM quote_groups WHERE owner_account_id = $1 ORDER BY lower(name), id', [seller.id]);
    return rows.map((row) => ({ Id: Number(row.id), Name: row.name }));
  },

  async ListRecommendedProducts(ctx, { productList, parentAccountId, limit }) {
    const caller = requireCaller(ctx);
    const seller = await callerOrganisation(ctx.db, caller);
    const customer: { path: string; currency: string | null } = parentAccountId
      ? await customerOf(ctx.db, caller, seller.path, parentAccountId)
      : { path: seller.path, currency: null };
    const currency = customer.currency && /^[A-Z]{3}$/.test(customer.currency) ? customer.currency : 'EUR';
    const { byName } = await pricedCatalogue(ctx.db, customer.path, currency);
    const chosen = productList.map((name) => byName.get(name.toLowerCase())?.service.id).filter((id): id is number => id !== undefined).map(Number);
    const wanted = limit ?? 5;
    const ids = await recommendedServiceIds(ctx.db, customer.path, chosen, wanted * 4 + 10);
    const byId = new Map([...byName.values()].map((product) => [Number(product.service.id), product]));
    return ids
      .filter((entry) => byId.has(Number(entry.id)))
      .slice(0, wanted)
      .map((entry) => ({ ...productFacts(byId.get(Number(entry.id))!, currency), BoughtTogetherBy: Number(entry.together), HeldBy: Number(entry.peers) }));
  },

  async CreateQuote(ctx, { quote }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const created = await createDraft(ctx, tx, quote);
      await writeAudit(tx, ctx, 'QuoteCreated', created.customer.id, { quoteId: created.id, name: quote.Name });
      return loadDetail(tx, caller, created.id);
    });
  },

  async SaveQuote(ctx, { quote }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const current = await sellerQuote(tx, caller, quote.Id);
      // A sent quote is what the customer saw: it never changes (ReviseQuote makes a new version).
      if (current.status !== 'Draft') throw fault(409, 'quotes.notDraft');
      const seller = await callerOrganisation(tx, caller);
      const customerId = quote.CustomerAccountId ?? current.customer_account_id;
      const customer = await customerOf(tx, caller, current.seller_path === seller.path ? seller.path : current.seller_path, customerId);
      checkValidity(quote.ValidUntil);
      const groupId = await checkGroup(tx, current.seller_account_id, quote.QuoteGroupId);
      await tx.query(
        `UPDATE quotes SET name = $2, customer_account_id = $3, customer_path = $4, quote_group_id = $5, currency = $6, valid_until = $7::date,
                notes = $8, updated_at = now() WHERE id = $1`,
        [current.id, quote.Name.trim(), customer.id, customer.path, groupId, quote.Currency, quote.ValidUntil ?? null, quote.Notes?.trim() || null],
      );
      await writeLines(tx, current.id, customer.path, quote.Currency, quote.Products);
      await writeAudit(tx, ctx, 'QuoteSaved', customer.id, { quoteId: current.id });
      return reload(ctx, tx, current.id);
    });
  },

  async LoadQuote(ctx, { quoteId }) {
    return loadDetail(ctx.db, requireCaller(ctx), quoteId);
  },

  async DeleteQuote(ctx, { quoteIds }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      for (const id of [...quoteIds].sort((a, b) => a - b)) {
        const quote = await sellerQuote(tx, caller, id);
        // One the customer may still accept is withdrawn by a new version, not deleted under its eyes.
        if (quote.status === 'Sent') throw fault(409, 'quotes.sentNotDeletable', { id });
        // The record of a customer's confirmation its seller ordered on stays (the orders point to it).
        if (quote.customer_confirmation) throw fault(409, 'quotes.confirmationKept', { id });
        await tx.query('UPDATE quotes SET previous_quote_id = NULL WHERE previous_quote_id = $1', [id]);
        await tx.query('DELETE FROM quotes WHERE id = $1', [id]);
        await writeAudit(tx, ctx, 'QuoteDeleted', Number(quote.customer_account_id), { quoteId: id, name: quote.name });
      }
      return { Deleted: quoteIds.length };
    });
  },

  async ListQuotesWithPagination(ctx, { input }) {
    return readQuotePage(ctx.db, await gridMode(ctx, false), input);
  },

  async ListCustomerQuotesWithPagination(ctx, { input }) {
    return readQuotePage(ctx.db, await gridMode(ctx, true), input);
  },

  async GetQuotesMetadata(ctx, { customers }) {
    return readQuoteMetadata(ctx.db, await gridMode(ctx, customers ?? false));
  },

  async LoadQuoteProducts(ctx, { currency, productList }) {
    const organisation = await callerOrganisation(ctx.db, requireCaller(ctx));
    const { byName } = await pricedCatalogue(ctx.db, organisation.path, currency);
    return productList.map((name) => {
      const product = byName.get(name.toLowerCase());
      if (!product) throw fault(400, 'quotes.productNotAvailable', { name });
      return productFacts(product, currency);
    });
  },

  async LoadCustomerQuoteProducts(ctx, { customerAccountId, currency }) {
    const caller = requireCaller(ctx);
    const seller = await callerOrganisation(ctx.db, caller);
    const customer = await customerOf(ctx.db, caller, seller.path, customerAccountId);
    const chosen = currency ?? (customer.currency && /^[A-Z]{3}$/.test(customer.currency) ? customer.currency : 'EUR');
    const { all } = await pricedCatalogue(ctx.db, customer.path, chosen);
    return { CustomerAccountId: customer.id, Currency: chosen, Products: all.map((product) => productFacts(product, chosen)) };
  },

  async SendQuote(ctx, { quoteId }) {
    const caller = requireCaller(ctx);
    const detail = await ctx.db.transaction(async (tx) => {
      const quote = await sellerQuote(tx, caller, quoteId);
      if (quote.status !== 'Draft') throw fault(409, 'quotes.notDraft');
      if (isPastValidity(quote)) throw fault(400, 'quotes.validityPast');
      const lines = await readLines(tx, quoteId);
      if (lines.length === 0) throw fault(400, 'quotes.noProducts');
      await tx.query(`UPDATE quotes SET status = 'Sent', sent_at = now(), updated_at = now() WHERE id = $1`, [quoteId]);
      // The version it replaces can no longer be accepted.
      if (quote.previous_quote_id !== null) {
        await tx.query(`UPDATE quotes SET status = 'Superseded', updated_at = now() WHERE id = $1 AND status = 'Sent'`, [quote.previous_quote_id]);
      }
      await writeAudit(tx, ctx, 'QuoteSent', Number(quote.customer_account_id), { quoteId, version: quote.version });
      await emitEvent(tx, quoteEvent('quote.sent', quote, { totalValue: Number(quote.total_value) })); // webhook
      return reload(ctx, tx, quoteId);
    });
    await sendQuoteMail(ctx, quoteId);
    return detail;
  },

  async ReviseQuote(ctx, { quoteId }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const quote = await sellerQuote(tx, caller, quoteId);
      if (!['Sent', 'Declined', 'Expired'].includes(quote.status)) throw fault(409, 'quotes.notRevisable');
      const later = await tx.one('SELECT id FROM quotes WHERE previous_quote_id = $1', [quoteId]);
      if (later) throw fault(409, 'quotes.alreadyRevised');
      const row = await tx.one<{ id: number }>(
        `INSERT INTO quotes (seller_account_id, seller_path, creator_user_id, customer_account_id, customer_path, quote_group_id, name, currency,
                             valid_until, notes, status, version, previous_quote_id, totals, total_value)
         SELECT seller_account_id, seller_path, $2, customer_account_id, customer_path, quote_group_id, name, currency,
                CASE WHEN valid_until < current_date THEN NULL ELSE valid_until END, notes, 'Draft', version + 1, id, totals, total_value
           FROM quotes WHERE id = $1 RETURNING id`,
        [quoteId, userId(caller)],
      );
      if (!row) throw new Error('quote version not inserted');
      await tx.query(
        `INSERT INTO quote_products (quote_id, position, service_id, product_name, quantity, unit_price, list_price, setup_fee, discount_percent,
                                     commitment, commitment_months, fee_type, period_months)
         SELECT $2, position, service_id, product_name, quantity, unit_price, list_price, setup_fee, discount_percent, commitment, commitment_months,
                fee_type, period_months FROM quote_products WHERE quote_id = $1`,
        [quoteId, row.id],
      );
      await writeAudit(tx, ctx, 'QuoteRevised', Number(quote.customer_account_id), { quoteId, newQuoteId: Number(row.id), version: quote.version + 1 });
      return reload(ctx, tx, Number(row.id));
    });
  },

  async AcceptQuote(ctx, { quoteId }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const { quote, side } = await visibleQuote(tx, caller, quoteId, true);
      if (side !== 'customer') throw fault(403, 'quotes.customerOnly');
      return acceptAndOrder(ctx, tx, quote);
    });
  },

  async AcceptQuoteOnBehalf(ctx, { quoteId, confirmation }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const { quote, side } = await visibleQuote(tx, caller, quoteId, true);
      if (side !== 'seller') throw fault(403, 'quotes.sellerOnly');
      await assertCustomerInReach(tx, caller, quote);
      // Checked before the confirmation's document is stored: a refused call leaves nothing behind.
      assertDecidable(quote);
      return acceptAndOrder(ctx, tx, quote, await recordConfirmation(tx, caller, quote, confirmation, ctx.locale));
    });
  },

  async GetQuoteConfirmationDocument(ctx, { quoteId }) {
    const { quote } = await visibleQuote(ctx.db, requireCaller(ctx), quoteId);
    const fileId = quote.customer_confirmation?.DocumentFileId;
    const file = fileId ? await loadFile(ctx.db, fileId) : undefined;
    if (!file) throw fault(404, 'quotes.noConfirmationDocument');
    return { FileName: file.fileName, ContentType: file.contentType, Content: file.content.toString('base64') };
  },

  async DeclineQuote(ctx, { quoteId, reason }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const { quote, side } = await visibleQuote(tx, caller, quoteId, true);
      if (side !== 'customer') throw fault(403, 'quotes.customerOnly');
      if (quote.status !== 'Sent') throw fault(409, 'quotes.notSent');
      await tx.query(`UPDATE quotes SET status = 'Declined', decided_at = now(), decided_by = $2, decline_reason = $3, updated_at = now() WHERE id = $1`, [
        quoteId,
        userId(caller),
        reason?.trim() || null,
      ]);
      await writeAudit(tx, ctx, 'QuoteDeclined', Number(quote.customer_account_id), { quoteId, reason: reason?.trim() || null });
      await emitEvent(tx, quoteEvent('quote.declined', quote, { reason: reason?.trim() || null })); // webhook
      return reload(ctx, tx, quoteId);
    });
  },

  async GetQuotePdf(ctx, { quoteId }) {
    const caller = requireCaller(ctx);
    const { quote, side } = await visibleQuote(ctx.db, caller, quoteId);
    const detail = quoteDetail(caller, quote, side, await readLines(ctx.db, quoteId));
    const money = { format: (amount: number) => formatMoney(amount, quote.currency, { locale: ctx.locale }) };
    const party = async (accountId: number) => {
      const row = await ctx.db.one<{ display_name: string; values: Record<string, string | number | undefined> | null }>(
        `SELECT display_name, views->'Values' AS values FROM accounts WHERE id = $1`,
        [accountId],
      );
      const values = row?.values ?? {};
      const cityLine = [values.PostalCode, values.City].filter(Boolean).join(' ');
      return { name: row?.display_name ?? '', lines: [values.Street, cityLine, values.Country, values.VatNumber].filter((line): line is string => typeof line === 'string' && line !== '') };
    };
    const number = `Q-${quote.id}${quote.version > 1 ? `-v${quote.version}` : ''}`;
    const totals = detail.Totals;
    const pdf = await renderQuotePdf({
      labels: {
        title: ctx.t('quotes.pdf.title'),
        number: ctx.t('quotes.pdf.number'),
        date: ctx.t('quotes.pdf.date'),
        validUntil: ctx.t('quotes.pdf.validUntil'),
        seller: ctx.t('quotes.pdf.seller'),
        customer: ctx.t('quotes.pdf.customer'),
        product: ctx.t('quotes.pdf.product'),
        quantity: ctx.t('quotes.pdf.quantity'),
        unitPrice: ctx.t('quotes.pdf.unitPrice'),
        commitment: ctx.t('quotes.pdf.commitment'),
        total: ctx.t('quotes.pdf.total'),
        status: ctx.t('quotes.pdf.status'),
        notes: ctx.t('quotes.pdf.notes'),
      },
      number,
      date: longDate(ctx.locale, detail.SentAt ?? detail.CreatedAt),
      validUntil: detail.ValidUntil ? longDate(ctx.locale, detail.ValidUntil) : ctx.t('quotes.pdf.noEndDate'),
      status: valueTextIn(ctx.locale, 'quoteStatus', quote.status),
      seller: await party(Number(quote.seller_account_id)),
      customer: await party(Number(quote.customer_account_id)),
      lines: detail.Products.map((line) => ({
        product: line.DiscountPercent > 0 ? `${line.ProductName} (−${line.DiscountPercent} %)` : line.ProductName,
        quantity: String(line.Quantity),
        unitPrice: money.format(line.UnitPrice),
        commitment: ctx.t('quotes.pdf.months', { months: line.CommitmentMonths }),
        total: money.format(line.CommitmentValue),
      })),
      totals: [
        { label: ctx.t('quotes.pdf.oneTime'), value: money.format(totals.OneTime) },
        { label: ctx.t('quotes.pdf.monthly'), value: money.format(totals.Monthly) },
        ...(totals.PerNMonths ? [{ label: ctx.t('quotes.pdf.perNMonths'), value: money.format(totals.PerNMonths) }] : []),
        ...(totals.PrepaidNMonths ? [{ label: ctx.t('quotes.pdf.prepaidNMonths'), value: money.format(totals.PrepaidNMonths) }] : []),
        { label: ctx.t('quotes.pdf.commitmentTotal'), value: money.format(totals.CommitmentTotal) },
      ],
      notes: quote.notes ?? '',
    });
    return { FileName: downloadFileName(`quote-${number}`, 'pdf'), ContentType: 'application/pdf', Content: pdf.toString('base64') };
  },
});

