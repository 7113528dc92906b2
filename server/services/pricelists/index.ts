import { priceUpdateHandlers } from './price-updates';
import { pricelistHandlers } from './pricelists';
import { propagationHandlers } from './propagation';

/** The Marketplace methods of pricelists, prices and propagation. */
export const marketplaceHandlers = { ...pricelistHandlers, ...priceUpdateHandlers, ...propagationHandlers };
export { processMarketplaceJobStep, type MarketplaceEventSink } from './update-jobs';
