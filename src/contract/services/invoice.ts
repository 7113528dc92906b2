import { AccountId, method, needs } from '../define';

export const Invoice = {
  CreateInvoiceBillingTask: method({
    summary: 'Queue the generation of an invoice for a product account (ready within 30 minutes).',
    params: { productAccountId: AccountId('Product account') },
    access: needs('BILLING', 'Execute', 'productAccountId'),
  }),
};
