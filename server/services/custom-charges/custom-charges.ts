import { assertAccountsInScope, isWithin } from '../../auth/access';
import { isoTime } from '../../business/row-values';
import { acceptedDocumentType, loadFile, saveFile } from '../../business/stored-files';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { requireCaller, type Caller } from '../context';
import { defineHandlers } from '../define-handlers';

/** Largest amount a charge may carry (the column holds up to 10^10). */
const MAX_AMOUNT = 1_000_000_000;

interface ChargeRow {
  id: number;
  account_id: number;
  name: string;
  price: number;
  cost: number;
  currency: string;
  attachment: string | null;
  attachment_file_id: number | null;
  creator_name: string | null;
  created_at: Date | string;
  status: 'Pending billing' | 'Billed';
  period_end: string | null;
}

const CHARGE_SELECT = `
SELECT c.id, c.account_id, c.name, c.price, c.cost, c.currency, c.attachment, c.attachment_file_id,
       u.display_name AS creator_name, c.created_at, c.status, to_char(i.period_end, 'YYYY-MM-DD') AS period_end
  FROM custom_charges c
  LEFT JOIN accounts u ON u.id = c.creator_user_id
  LEFT JOIN invoices i ON i.id = c.invoice_id`;

function chargeResult(row: ChargeRow) {
  const pending = row.status === 'Pending billing';
  return {
    Id: row.id,
    Name: row.name,
    Price: row.price,
    Cost: row.cost,
    Currency: row.currency,
    AttachmentName: row.attachment,
    AttachmentFileId: row.attachment_file_id,
    CreatedBy: row.creator_name ?? '',
    DateCreated: isoTime(row.created_at),
    Status: pending ? ('PendingBilling' as const) : ('Billed' as const),
    InvoicePeriodEnd: row.period_end,
    CanDelete: pending,
  };
}

const roundCents = (amount: number) => Math.round(amount * 100) / 100;

/** One charge whose account the caller reaches; one out of reach answers as an unknown one (404), so ids cannot be probed. */
async function chargeInScope(db: Queryable, caller: Caller, chargeId: number, lock = false): Promise<ChargeRow> {
  const row = await db.one<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [chargeId]);
  const account = row && (await db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [row.account_id]));
  if (!row || !account || !isWithin(account.path, caller.loaded.scopePath)) throw fault(404, 'charges.notFound');
  return row;
}

/** The account's own currency, else its company's (nearest account above with one), else EUR. */
async function currencyOf(db: Queryable, accountId: number): Promise<string> {
  const row = await db.one<{ currency: string | null }>(
    `SELECT a.views->'Values'->>'Currency' AS currency FROM accounts a, accounts t
      WHERE t.id = $1 AND a.id = ANY (string_to_array(t.path, '/')::bigint[]) AND a.views->'Values' ? 'Currency'
      ORDER BY length(a.path) DESC LIMIT 1`,
    [accountId],
  );
  return row?.currency && /^[A-Z]{3}$/.test(row.currency) ? row.currency : 'EUR';
}

export const customChargesHandlers = defineHandlers('CustomCharges', {
  async ListCustomChargesForAccount(ctx, { accountId }) {
    const rows = await ctx.db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.account_id = $1 ORDER BY c.created_at DESC, c.id DESC`, [accountId]);
    return rows.map(chargeResult);
  },

  async AddCustomCharge(ctx, { customCharge }) {
    const caller = requireCaller(ctx);
    await assertAccountsInScope(ctx.db, caller, [customCharge.AccountId]);
    const name = customCharge.Name.trim();
    if (!name) throw fault(400, 'charges.nameRequired');
    const price = roundCents(customCharge.Price);
    const cost = roundCents(customCharge.Cost);
    if (price === 0) throw fault(400, 'charges.zeroPrice');
    if (Math.abs(price) > MAX_AMOUNT || Math.abs(cost) > MAX_AMOUNT) throw fault(400, 'charges.amountTooLarge', { max: MAX_AMOUNT });
    const attachment = customCharge.Attachment ?? null;
    const attachmentContent = attachment ? Buffer.from(attachment.Content, 'base64') : null;
    const contentType = attachment && attachmentContent ? await acceptedDocumentType(attachment.FileName, attachmentContent) : undefined;
    if (attachment && !contentType) throw fault(400, 'charges.fileFormatNotSupported');

    const account = await ctx.db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [customCharge.AccountId]);
    if (account?.state === 'Terminated') throw fault(409, 'charges.accountTerminated');
    const currency = customCharge.Currency ?? (await currencyOf(ctx.db, customCharge.AccountId));
    const userId = caller.loaded.user.UserAccountId;
    const row = await ctx.db.transaction(async (tx) => {
      const file =
        attachment && contentType
          ? await saveFile(tx, { fileName: attachment.FileName, contentType, content: attachmentContent!, createdBy: userId })
          : null;
      const created = await tx.one<{ id: number }>(
        `INSERT INTO custom_charges (account_id, name, price, cost, currency, attachment, attachment_file_id, creator_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [customCharge.AccountId, name, price, cost, currency, file?.fileName ?? null, file?.id ?? null, userId],
      );
      return (await tx.one<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1`, [created!.id]))!;
    });
    await ctx.audit('CustomChargeAdded', row.account_id, { customChargeId: row.id, name, price, cost, currency });
    return chargeResult(row);
  },

  async DeleteCustomChargeById(ctx, { customChargeId }) {
    const caller = requireCaller(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      // Locked, so the month-end run cannot bill it between the check and the delete.
      const current = await chargeInScope(tx, caller, customChargeId, true);
      if (current.status !== 'Pending billing') throw fault(409, 'charges.billedNotDeletable');
      await tx.query('DELETE FROM custom_charges WHERE id = $1', [current.id]);
      if (current.attachment_file_id) await tx.query('DELETE FROM stored_files WHERE id = $1', [current.attachment_file_id]);
      return current;
    });
    await ctx.audit('CustomChargeDeleted', row.account_id, { customChargeId: row.id, name: row.name, price: row.price });
    return null;
  },

  async DownloadCustomChargeAttachment(ctx, { customChargeId }) {
    const row = await chargeInScope(ctx.db, requireCaller(ctx), customChargeId);
    const file = row.attachment_file_id ? await loadFile(ctx.db, row.attachment_file_id) : undefined;
    if (!file) throw fault(404, 'charges.attachmentNotStored');
    return { FileName: file.fileName, ContentType: file.contentType, Content: file.content.toString('base64') };
  },
});
