import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { DateOnly } from '../common';

export const Invoice = {
  CreateInvoiceBillingTask: method({
    summary: 'Queue the generation of an invoice for a product account (ready within 30 minutes).',
    params: { productAccountId: AccountId('Product account') },
    access: needs('BILLING', 'Execute', 'productAccountId'),
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
