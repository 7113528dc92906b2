import { OrdersScreen } from './OrdersScreen';

/** `/orders/my-orders` (CREDIT_CHECK_COMPANY_ORDERS Read): the company's orders held for a credit check. */
export default function MyOrdersScreen() {
  return <OrdersScreen definitionName="credit-check-orders" method="ListCreditCheckOrders" title="orders.myOrders.title" />;
}
