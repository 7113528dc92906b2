import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { DateOnly, FileResultSchema, Id } from '../common';

/** A queued product invoice (spec §9: ready within 30 minutes). */
export const InvoiceBillingTaskSchema = Type.Object({
  TaskId: Type.Integer(),
  ProductAccountId: Type.Integer(),
  ProductName: Type.String(),
  Status: Type.Union([Type.Literal('Queued'), Type.Literal('Running'), Type.Literal('Completed'), Type.Literal('Failed')]),
  Progress: Type.Integer({ minimum: 0, maximum: 100 }),
  CreatedAt: Type.String(),
  /** When the invoice is due at the latest: 30 minutes after the request. */
  ReadyBy: Type.String(),
  FinishedAt: Type.Union([Type.String(), Type.Null()]),
  HasPdf: Type.Boolean(),
});

export const Invoice = {
  CreateInvoiceBillingTask: method({
    summary: 'Queue the generation of an invoice for a product account (ready within 30 minutes).',
    params: { productAccountId: AccountId('Product account') },
    result: InvoiceBillingTaskSchema,
    access: needs('BILLING', 'Execute', 'productAccountId'),
    refusals: [409],
  }),
  // Extensions (not in spec §7): the billing tab shows the tasks and their PDFs.
  ListInvoiceBillingTasks: method({
    summary: 'The latest invoice billing tasks of the products on or below an account, newest first.',
    params: { accountId: AccountId('Company (or product) account') },
    result: Type.Array(InvoiceBillingTaskSchema),
    access: needs('BILLING', 'Read', 'accountId'),
    refusals: [404],
    extension: true,
  }),
  DownloadInvoiceBillingTaskPdf: method({
    summary: 'The PDF of a completed invoice billing task.',
    params: { taskId: Id('Invoice billing task') },
    result: FileResultSchema,
    access: needs('BILLING', 'Read'),
    refusals: [404, 409],
    extension: true,
  }),
  // Extension (not in spec §7): operators (and tests) run the month-end billing now instead of waiting for the job.
  RunMonthEndBilling: method({
    summary: 'Run the month-end billing of custom charges for a month end now (administrators).',
    params: {
      periodEnd: Opt(DateOnly('Last day of a month, not after the end of the current month; the latest due month end when absent')),
    },
    result: Type.Object({
      PeriodEnd: Type.String({ format: 'date' }),
      BilledCharges: Type.Integer(),
      InvoiceIds: Type.Array(Type.Integer()),
    }),
    access: needs('ADMINISTRATIVE', 'Execute'),
    extension: true,
  }),
};
