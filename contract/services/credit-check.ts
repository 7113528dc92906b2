import { Type } from '@sinclair/typebox';
import { method, needs, needsAny, Opt } from '../define';
import { Base64File, FileName, FileResultSchema, Id, Text } from '../common';
import { CustomerConfirmationSchema } from './quotes';

const OrderId = () => Id('Credit-check order id');

/** Spec §5 order files: doc, docx, xls, xlsx, pdf. */
export const ORDER_FILE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'pdf'] as const;

export const CreditCheckOrderFileSchema = Type.Object({
  /** null for files recorded without their content (older orders). */
  Id: Type.Union([Type.Integer(), Type.Null()]),
  Name: Type.String(),
  Size: Type.Integer(),
  ContentType: Type.String(),
});

/** An order held for a credit check (spec §3: creator, parent account, payer, seller, credit limit, order value, approval status, reason, updated by). */
export const CreditCheckOrderRowSchema = Type.Object({
  Id: Type.Integer(),
  CreatorUserId: Type.Integer(),
  CreatorName: Type.String(),
  ParentAccountId: Type.Integer(),
  ParentAccountName: Type.String(),
  PayerAccountId: Type.Integer(),
  PayerName: Type.String(),
  SellerAccountId: Type.Integer(),
  SellerName: Type.String(),
  ProductName: Type.Union([Type.String(), Type.Null()]),
  Quantity: Type.Integer(),
  CreditLimit: Type.Number(),
  OrderValue: Type.Number(),
  Currency: Type.String(),
  ApprovalStatus: Type.Union([Type.Literal('Pending'), Type.Literal('Approved'), Type.Literal('Rejected'), Type.Literal('Cancelled')]),
  Reason: Type.Union([Type.String(), Type.Null()]),
  UpdatedByUserId: Type.Union([Type.Integer(), Type.Null()]),
  UpdatedBy: Type.Union([Type.String(), Type.Null()]),
  CreatedAt: Type.String({ format: 'date-time' }),
  UpdatedAt: Type.String({ format: 'date-time' }),
  Files: Type.Array(CreditCheckOrderFileSchema),
  /** The provisioning request its approval started. */
  ProvisioningRequestId: Type.Union([Type.Integer(), Type.Null()]),
  ProvisioningStatus: Type.Union([Type.String(), Type.Null()]),
  /** Placed by a quote its seller accepted for the customer (issue 36): the customer's confirmation the order carries. */
  CustomerConfirmation: Type.Union([CustomerConfirmationSchema, Type.Null()]),
  /** What the caller may do with it now (the server checks again on every call). */
  CanApprove: Type.Boolean(),
  CanCancel: Type.Boolean(),
});

export const CreditCheck = {
  ListCreditCheckOrders: method({
    summary: "The credit-check orders of the caller's company.",
    result: Type.Array(CreditCheckOrderRowSchema),
    access: needs('CREDIT_CHECK_COMPANY_ORDERS', 'Read'),
  }),
  ListCreditCheckOrdersForApproval: method({
    summary: 'The pending credit-check orders the caller may approve as account manager.',
    result: Type.Array(CreditCheckOrderRowSchema),
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Read'),
  }),
  CancelCreditCheckOrder: method({
    summary: 'Cancel a pending credit-check order; the handler allows only its creator.',
    params: { request: Type.Object({ OrderId: OrderId() }, { additionalProperties: false }) },
    result: CreditCheckOrderRowSchema,
    // Whoever may place company orders (Create) may cancel the ones they placed.
    access: needs('CREDIT_CHECK_COMPANY_ORDERS', 'Create'),
    refusals: [404, 409],
  }),
  DeclineCreditCheckOrder: method({
    summary: 'Reject a pending credit-check order with a reason.',
    params: {
      request: Type.Object(
        { OrderId: OrderId(), Reason: Type.String({ minLength: 1, maxLength: 2000 }) },
        { additionalProperties: false },
      ),
    },
    result: CreditCheckOrderRowSchema,
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute'),
    refusals: [404, 409],
  }),
  ApproveCreditCheckOrder: method({
    summary: 'Approve a pending credit-check order, which starts its provisioning.',
    params: {
      request: Type.Object({ OrderId: OrderId(), Comment: Opt(Text(2000)) }, { additionalProperties: false }),
    },
    result: CreditCheckOrderRowSchema,
    access: needs('CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute'),
    refusals: [404, 409],
  }),
  GenerateOrderInvoicePdf: method({
    summary: 'The invoice of a credit-check order as a PDF file.',
    params: { request: Type.Object({ OrderId: OrderId() }, { additionalProperties: false }) },
    result: FileResultSchema,
    access: needsAny([
      { objectType: 'CREDIT_CHECK_COMPANY_ORDERS', flag: 'Read' },
      { objectType: 'CREDIT_CHECK_ORDER_MANAGEMENT', flag: 'Read' },
    ]),
    refusals: [404],
  }),
  // Extension (not in spec §7): attach a document (doc, docx, xls, xlsx, pdf) to a pending order.
  AttachCreditCheckOrderFile: method({
    summary: 'Attach a file (doc, docx, xls, xlsx or pdf) to a pending credit-check order of the caller.',
    params: {
      request: Type.Object({ OrderId: OrderId(), FileName: FileName('doc, docx, xls, xlsx or pdf'), Content: Base64File() }, { additionalProperties: false }),
    },
    result: CreditCheckOrderRowSchema,
    access: needs('CREDIT_CHECK_COMPANY_ORDERS', 'Create'),
    refusals: [404, 409],
    extension: true,
  }),
  // Extension (not in spec §7): download a file attached to an order.
  DownloadCreditCheckOrderFile: method({
    summary: 'One file attached to a credit-check order.',
    params: { request: Type.Object({ OrderId: OrderId(), FileId: Id('Stored file id') }, { additionalProperties: false }) },
    result: FileResultSchema,
    access: needsAny([
      { objectType: 'CREDIT_CHECK_COMPANY_ORDERS', flag: 'Read' },
      { objectType: 'CREDIT_CHECK_ORDER_MANAGEMENT', flag: 'Read' },
    ]),
    refusals: [404],
    extension: true,
  }),
};
