import type { PriceItem } from './price-rules';

/** The service columns a price needs (0002_commerce.sql services). */
export interface ServicePrices {
  vendorAccountId: number;
  serviceGroup: string;
  feeType: string;
  baseFee: number;
  purchasePrice: number;
  suggestedRetailPrice: number;
}

/** Names of the priceable items pricing rules can target. */
export const PRICEABLE_ITEMS = ['Recurring fee', 'One-time fee', 'Setup fee'] as const;
export type PriceableItemName = (typeof PRICEABLE_ITEMS)[number];

/**
 * The priceable items of a service: its fee (recurring, or one-time for one-time
 * services) and, when it has a base fee, a setup fee. The vendor charges the base
 * fee as is, so the setup fee's purchase price and SRP are both the base fee.
 */
export function priceItemsOfService(service: ServicePrices): (PriceItem & { priceableItem: PriceableItemName })[] {
  const common = { vendorAccountId: service.vendorAccountId, serviceGroup: service.serviceGroup };
  const items: (PriceItem & { priceableItem: PriceableItemName })[] = [
    {
      ...common,
      priceableItem: service.feeType === 'one-time' ? 'One-time fee' : 'Recurring fee',
      purchasePrice: service.purchasePrice,
      suggestedRetailPrice: service.suggestedRetailPrice,
    },
  ];
  if (service.baseFee > 0) {
    items.push({ ...common, priceableItem: 'Setup fee', purchasePrice: service.baseFee, suggestedRetailPrice: service.baseFee });
  }
  return items;
}
