import PricesScreen from './PricesScreen';

/** `/pricelists/:marketplaceId/edit-all-prices`: one grid over every pricelist of the caller's company. */
export default function AllPricesScreen() {
  return <PricesScreen all />;
}
