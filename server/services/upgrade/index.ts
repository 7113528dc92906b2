/** The upgrade wizard's Account methods (issue 13), registered in server/services/registry.ts. */
import { defineHandlers } from '../define-handlers';
import { paidPrice } from '../billing/allowed-services';
import { executeUpgrade } from './execute-upgrade';
import { prepareUpgrade } from './prepare-upgrade';
import { loadUpgradeSource, quantityOf, siblingSubscriptions, upgradeOffers } from './upgrade-offers';

export const upgradeHandlers = defineHandlers('Account', {
  async GetPossibleProductsForUpgrade(ctx, { accountId }) {
    // In reach and SUBSCRIPTIONS Read: checked by the dispatcher from the declaration.
    const source = await loadUpgradeSource(ctx.db, accountId);
    const { current, targets, difference } = await upgradeOffers(ctx.db, source);
    const siblings = await siblingSubscriptions(ctx.db, source);
    const currentPrice = current ? paidPrice(current) : null;
    return {
      AccountId: source.id,
      ProductName: source.product_name ?? '',
      Quantity: quantityOf(source),
      SalesPrice: currentPrice?.SalesPrice ?? null,
      Currency: currentPrice?.Currency ?? null,
      Products: targets.map((row) => ({
        ServiceId: Number(row.id),
        ProductName: row.display_name,
        VendorName: row.vendor_name,
        ServiceGroup: row.service_group,
        FeeType: row.fee_type,
        SalesPrice: paidPrice(row).SalesPrice,
        Currency: paidPrice(row).Currency,
        PriceDifference: difference(row),
        ExistingAccountId: siblings.get(row.display_name) ?? null,
      })),
    };
  },

  async GetUpgradeProcessValues(ctx, body) {
    return prepareUpgrade(ctx, body);
  },

  async ExecuteAccountUpgradeProcess(ctx, body) {
    return executeUpgrade(ctx, body);
  },
});
