import { hasCapability } from '../../auth/session-user';
import {
  assertCancellable,
  assertReviewable,
  ORDER_LIST_LIMIT,
  ORDER_SELECT,
  orderInScope,
  orderResult,
  type OrderRow,
} from '../../business/credit-check-orders';
import { renderOrderInvoicePdf } from '../../business/order-invoice-pdf';
import type { InvoiceParty } from '../../business/pdf-document';
import { findOrderedService, orderProduct } from '../../business/provision-product';
import { acceptedDocumentType, loadFile, saveFile } from '../../business/stored-files';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { downloadFileName } from '../../files/download-name';
import { requireCaller, type ServiceContext } from '../context';
import { termsOfCreditCheckOrder } from '../quotes/quote-terms';
import { defineHandlers } from '../define-handlers';
import { emitEvent } from '../../webhooks/emit-event';
import { orderEvent } from '../../webhooks/domain-events';
import { longDate, valueTextIn } from '../values/value-texts';
import { formatMoney } from '../../../contract/formatting';

/** Most files one order may carry. */
const MAX_ORDER_FILES = 20;

async function listOrders(ctx: ServiceContext, where: string) {
  const caller = requireCaller(ctx);
  const rows = await ctx.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE (pa.path = $1 OR pa.path LIKE $1 || '/%') ${where}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDER_LIST_LIMIT}`,
    [caller.loaded.scopePath],
  );
  return rows.map((row) => orderResult(caller, row));
}

async function party(db: Queryable, accountId: number): Promise<InvoiceParty> {
  const row = await db.one<{ display_name: string; values: Record<string, string | number | undefined> | null }>(
    `SELECT display_name, views->'Values' AS values FROM accounts WHERE id = $1`,
    [accountId],
  );
  const values = row?.values ?? {};
  const cityLine = [values.PostalCode, values.City].filter(Boolean).join(' ');
  const lines = [values.Street, cityLine, values.Country, values.VatNumber].filter((line): line is string => typeof line === 'string' && line !== '');
  return { name: row?.display_name ?? '', lines };
}

export const creditCheckHandlers = defineHandlers('CreditCheck', {
  ListCreditCheckOrders: (ctx) => listOrders(ctx, ''),

  ListCreditCheckOrdersForApproval: (ctx) => listOrders(ctx, `AND o.approval_status = 'Pending'`),

  async ApproveCreditCheckOrder(ctx, { request }) {
    const caller = requireCaller(ctx);
    const userId = caller.loaded.user.UserAccountId;
    const order = await ctx.db.transaction(async (tx) => {
      const current = await orderInScope(tx, caller, request.OrderId, true);
      assertReviewable(caller, current);
      const service = current.service_id ? await findOrderedService(tx, { id: current.service_id }) : undefined;
      if (!service) throw fault(409, 'orders.noProduct');
      // Approval and the provisioning it starts commit together.
      const provisioned = await orderProduct(tx, {
        parentAccountId: current.parent_account_id,
        service,
        quantity: current.quantity,
        orderId: `CC-${current.id}`,
        // An order from an accepted quote keeps the quote's terms.
        terms: await termsOfCreditCheckOrder(tx, current.id),
      });
      await tx.query(
        `UPDATE credit_check_orders SET approval_status = 'Approved', reason = $2, updated_by = $3, updated_at = now(),
                provisioning_request_id = $4 WHERE id = $1`,
        [current.id, request.Comment?.trim() || null, userId, provisioned.provisioningRequestId],
      );
      await emitEvent(tx, orderEvent('order.approved', { id: current.id, path: current.parent_path, productName: current.product_name }, { provisioningRequestId: provisioned.provisioningRequestId })); // webhook
      return orderInScope(tx, caller, current.id);
    });
    await ctx.audit('CreditCheckOrderApproved', order.parent_account_id, { orderId: order.id, provisioningRequestId: order.provisioning_request_id });
    return orderResult(caller, order);
  },

  async DeclineCreditCheckOrder(ctx, { request }) {
    const caller = requireCaller(ctx);
    const reason = request.Reason.trim();
    if (!reason) throw fault(400, 'orders.reasonRequired');
    const order = await ctx.db.transaction(async (tx) => {
      const current = await orderInScope(tx, caller, request.OrderId, true);
      assertReviewable(caller, current);
      await tx.query(`UPDATE credit_check_orders SET approval_status = 'Rejected', reason = $2, updated_by = $3, updated_at = now() WHERE id = $1`, [
        current.id,
        reason,
        caller.loaded.user.UserAccountId,
      ]);
      await emitEvent(tx, orderEvent('order.rejected', { id: current.id, path: current.parent_path, productName: current.product_name }, { reason })); // webhook
      return orderInScope(tx, caller, current.id);
    });
    await ctx.audit('CreditCheckOrderRejected', order.parent_account_id, { orderId: order.id, reason });
    return orderResult(caller, order);
  },

  async CancelCreditCheckOrder(ctx, { request }) {
    const caller = requireCaller(ctx);
    const order = await ctx.db.transaction(async (tx) => {
      const current = await orderInScope(tx, caller, request.OrderId, true);
      assertCancellable(caller, current);
      await tx.query(`UPDATE credit_check_orders SET approval_status = 'Cancelled', updated_by = $2, updated_at = now() WHERE id = $1`, [
        current.id,
        caller.loaded.user.UserAccountId,
      ]);
      return orderInScope(tx, caller, current.id);
    });
    await ctx.audit('CreditCheckOrderCancelled', order.parent_account_id, { orderId: order.id });
    return orderResult(caller, order);
  },

  async GenerateOrderInvoicePdf(ctx, { request }) {
    const caller = requireCaller(ctx);
    const order = await orderInScope(ctx.db, caller, request.OrderId);
    const money = { format: (amount: number) => formatMoney(amount, order.currency, { locale: ctx.locale }) };
    const number = `CC-${order.id}`;
    const pdf = await renderOrderInvoicePdf({
      labels: {
        title: ctx.t('orders.pdf.title'),
        invoiceNumber: ctx.t('orders.pdf.number'),
        date: ctx.t('orders.pdf.date'),
        seller: ctx.t('orders.pdf.seller'),
        billTo: ctx.t('orders.pdf.billTo'),
        product: ctx.t('orders.pdf.product'),
        quantity: ctx.t('orders.pdf.quantity'),
        unitPrice: ctx.t('orders.pdf.unitPrice'),
        total: ctx.t('orders.pdf.total'),
        creditLimit: ctx.t('orders.pdf.creditLimit'),
        status: ctx.t('orders.pdf.status'),
      },
      number,
      date: longDate(ctx.locale, order.created_at),
      seller: await party(ctx.db, order.seller_account_id),
      payer: await party(ctx.db, order.payer_account_id),
      productName: order.product_name ?? '',
      quantity: order.quantity,
      unitPrice: money.format(order.order_value / Math.max(1, order.quantity)),
      total: money.format(order.order_value),
      creditLimit: money.format(order.credit_limit),
      status: valueTextIn(ctx.locale, 'orderStatus', order.approval_status),
    });
    await ctx.audit('CreditCheckOrderInvoiceDownloaded', order.parent_account_id, { orderId: order.id });
    return { FileName: downloadFileName(`invoice-${number}`, 'pdf'), ContentType: 'application/pdf', Content: pdf.toString('base64') };
  },

  async AttachCreditCheckOrderFile(ctx, { request }) {
    const caller = requireCaller(ctx);
    const content = Buffer.from(request.Content, 'base64');
    const contentType = await acceptedDocumentType(request.FileName, content);
    if (!contentType) throw fault(400, 'orders.fileFormatNotSupported');
    const order = await ctx.db.transaction(async (tx) => {
      const current = await orderInScope(tx, caller, request.OrderId, true);
      if (current.approval_status !== 'Pending') throw fault(409, 'orders.notPending');
      const isCreator = current.creator_user_id === caller.loaded.user.UserAccountId;
      if (!isCreator && !hasCapability(caller.loaded.user.Capability, 'CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute')) {
        throw fault(403, 'orders.onlyCreatorAttaches');
      }
      if (current.files.length >= MAX_ORDER_FILES) throw fault(409, 'orders.tooManyFiles', { max: MAX_ORDER_FILES });
      const stored = await saveFile(tx, { fileName: request.FileName, contentType, content, createdBy: caller.loaded.user.UserAccountId });
      await tx.query(`UPDATE credit_check_orders SET files = files || $2::jsonb, updated_at = now() WHERE id = $1`, [
        current.id,
        JSON.stringify([{ Id: stored.id, Name: stored.fileName, Size: stored.size, ContentType: stored.contentType }]),
      ]);
      return orderInScope(tx, caller, current.id);
    });
    await ctx.audit('CreditCheckOrderFileAttached', order.parent_account_id, { orderId: order.id, fileName: request.FileName });
    return orderResult(caller, order);
  },

  async DownloadCreditCheckOrderFile(ctx, { request }) {
    const order = await orderInScope(ctx.db, requireCaller(ctx), request.OrderId);
    // Only files of this order: the file id alone would reach any stored file.
    if (!order.files.some((file) => file.Id === request.FileId)) throw fault(404, 'orders.fileNotFound');
    const file = await loadFile(ctx.db, request.FileId);
    if (!file) throw fault(404, 'orders.fileNotFound');
    return { FileName: file.fileName, ContentType: file.contentType, Content: file.content.toString('base64') };
  },
});
