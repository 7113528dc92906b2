import { dueBillingPeriodEnd, isLastDayOfMonth, lastDayOfMonth } from '../../jobs/billing-dates';
import { runMonthEndBilling } from '../../jobs/month-end-billing';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

export const invoiceHandlers = defineHandlers('Invoice', {
  async RunMonthEndBilling(ctx, { periodEnd }) {
    requireCaller(ctx);
    const now = new Date();
    const target = periodEnd ?? dueBillingPeriodEnd(now);
    if (!isLastDayOfMonth(target)) throw fault(400, 'charges.notMonthEnd', { date: target });
    // Billing a month that has not started yet would bill nothing real and confuse the invoices.
    if (target > lastDayOfMonth(now)) throw fault(400, 'charges.futureMonthEnd', { date: target });
    const result = await runMonthEndBilling(ctx.db, target);
    await ctx.audit('MonthEndBillingRun', null, { periodEnd: target, billedCharges: result.billedCharges, invoices: result.invoices });
    return { PeriodEnd: result.periodEnd, BilledCharges: result.billedCharges, InvoiceIds: result.invoices };
  },
});
