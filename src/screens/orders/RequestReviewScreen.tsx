import { OrdersScreen } from './OrdersScreen';

/** `/orders/request-review` (CREDIT_CHECK_ORDER_MANAGEMENT Read): pending orders for the account manager. */
export default function RequestReviewScreen() {
  return <OrdersScreen definitionName="credit-check-review" method="ListCreditCheckOrdersForApproval" title="orders.review.title" />;
}
