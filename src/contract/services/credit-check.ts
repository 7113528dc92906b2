import { Type } from '@sinclair/typebox';
import { method, needs, needsAny, Opt } from '../define';
import { FileResultSchema, Id, Text } from '../common';

const OrderId = () => Id('Credit-check order id');

export const CreditCheck = {
  ListCreditCheckOrders: method({
    summary: "The credit-check orders of the caller's company.",
    access: needs('CREDIT_CHECK_COMPANY_ORDERS', 'Read'),
  }),
  ListCreditCheckOrdersForApproval: method({
    summary: 'The pending credit-check orders the caller may approve as account manager.',
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Read'),
  }),
  CancelCreditCheckOrder: method({
    summary: 'Cancel a pending credit-check order; the handler allows only its creator.',
    params: { request: Type.Object({ OrderId: OrderId() }, { additionalProperties: false }) },
    access: needs('CREDIT_CHECK_COMPANY_ORDERS', 'Execute'),
  }),
  DeclineCreditCheckOrder: method({
    summary: 'Reject a pending credit-check order with a reason.',
    params: {
      request: Type.Object(
        { OrderId: OrderId(), Reason: Type.String({ minLength: 1, maxLength: 2000 }) },
        { additionalProperties: false },
      ),
    },
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute'),
  }),
  ApproveCreditCheckOrder: method({
    summary: 'Approve a pending credit-check order, which starts its provisioning.',
    params: {
      request: Type.Object({ OrderId: OrderId(), Comment: Opt(Text(2000)) }, { additionalProperties: false }),
    },
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute'),
  }),
  GenerateOrderInvoicePdf: method({
    summary: 'The invoice of a credit-check order as a PDF file.',
    params: { request: Type.Object({ OrderId: OrderId() }, { additionalProperties: false }) },
    result: FileResultSchema,
    access: needsAny([
      { objectType: 'CREDIT_CHECK_COMPANY_ORDERS', flag: 'Read' },
      { objectType: 'CREDIT_CHECK_ORDER_MANAGEMENT', flag: 'Read' },
    ]),
  }),
};
