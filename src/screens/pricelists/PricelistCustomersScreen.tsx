import { QueryContextGridScreen } from '../list/QueryContextGridScreen';

/** `/add-to-pricelist?marketplaceId=…`: screen-definitions/screens/pricelist-customers.json (the pricelist picker, the add panel and the customers are the definition's). */
export default function PricelistCustomersScreen() {
  return <QueryContextGridScreen name="pricelist-customers" />;
}
