import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Base64File, CurrencyCode, DateOnly, FileName, FileResultSchema, GridPageSchema, GridQuery, Id, IdList, Name, ServiceName, Text } from '../common';

/** Commitment terms of a quote line: 1, 12 or 36 months, or `other` with CommitmentMonths. */
export const COMMITMENT_PERIODS = ['1-month', 'annual', '3-year', 'other'] as const;
export const CommitmentPeriod = Type.Union(COMMITMENT_PERIODS.map((period) => Type.Literal(period)), { description: 'Commitment term' });

/** Life of a quote: Draft → Sent → Accepted / Declined / Expired; a revised Sent quote becomes Superseded. */
export const QUOTE_STATUSES = ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired', 'Superseded'] as const;

export const QuoteProductSchema = Type.Object(
  {
    ProductName: ServiceName('Product name (the service name or its display name)'),
    Quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    UnitPrice: Opt(Type.Number({ minimum: 0, maximum: 10_000_000, description: 'Price per unit before the discount; the pricelist price when absent' })),
    DiscountPercent: Opt(Type.Number({ minimum: 0, maximum: 100 })),
    CommitmentPeriod: Opt(CommitmentPeriod),
    CommitmentMonths: Opt(Type.Integer({ minimum: 1, maximum: 120, description: 'Months of an `other` commitment' })),
  },
  { additionalProperties: false },
);

export const QuoteSchema = Type.Object(
  {
    Id: Id('Quote id'),
    Name: Name(256),
    CustomerAccountId: Opt(AccountId('Customer the quote is for')),
    QuoteGroupId: Opt(Id('Quote group')),
    Currency: CurrencyCode(),
    ValidUntil: Opt(DateOnly()),
    Notes: Opt(Text(4000)),
    Products: Type.Array(QuoteProductSchema, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);
export const NewQuoteSchema = Type.Omit(QuoteSchema, ['Id'], { additionalProperties: false });

const Money = Type.Number({ description: 'Amount in the quote currency, rounded to cents' });

/** How the customer confirmed a quote its seller accepts on its behalf (AcceptQuoteOnBehalf). */
export const CONFIRMATION_KINDS = ['SignedDocument', 'Email', 'Other'] as const;

/** The customer's confirmation as the seller records it when ordering for the customer. */
export const CustomerConfirmationInput = Type.Object(
  {
    ConfirmedBy: Name(200, 'Who at the customer confirmed the quote (name, role)'),
    ConfirmedOn: DateOnly('The day the customer confirmed (not in the future, not before the quote was sent)'),
    Kind: Type.Union(CONFIRMATION_KINDS.map((kind) => Type.Literal(kind)), { description: 'Signed quote document, e-mail or other' }),
    Reference: Name(500, "Where the confirmation can be found: the signed document's name, the e-mail's sender, date and subject"),
    Document: Opt(
      Type.Object(
        { FileName: FileName('pdf, doc, docx, xls or xlsx'), Content: Base64File() },
        { additionalProperties: false, description: 'The signed quote or the e-mail saved as PDF (optional)' },
      ),
    ),
  },
  { additionalProperties: false },
);

/** A recorded confirmation, as the quote and the orders it placed show it. */
export const CustomerConfirmationSchema = Type.Object({
  ConfirmedBy: Type.String(),
  ConfirmedOn: Type.String({ format: 'date' }),
  Kind: Type.String(),
  Reference: Type.String(),
  DocumentName: Type.Union([Type.String(), Type.Null()]),
  /** The seller's user who accepted for the customer, and when. */
  AcceptedByUserId: Type.Integer(),
  AcceptedByName: Type.String(),
  AcceptedAt: Type.String({ format: 'date-time' }),
});

export const QuoteTotalsSchema = Type.Object({
  OneTime: Money,
  Monthly: Money,
  PerNMonths: Money,
  PrepaidNMonths: Money,
  /** Value over each line's commitment term: what accepting orders (compared with the credit limit). */
  CommitmentTotal: Money,
});

/** What LoadQuote, CreateQuote and SaveQuote answer: the quote with its computed lines and totals. */
export const QuoteDetailSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  CustomerAccountId: Type.Integer(),
  CustomerName: Type.String(),
  SellerAccountId: Type.Integer(),
  SellerName: Type.String(),
  QuoteGroupId: Type.Union([Type.Integer(), Type.Null()]),
  Currency: Type.String(),
  ValidUntil: Type.Union([Type.String(), Type.Null()]),
  Notes: Type.Union([Type.String(), Type.Null()]),
  Status: Type.String(),
  Version: Type.Integer(),
  PreviousQuoteId: Type.Union([Type.Integer(), Type.Null()]),
  CreatedAt: Type.String(),
  SentAt: Type.Union([Type.String(), Type.Null()]),
  DecidedAt: Type.Union([Type.String(), Type.Null()]),
  DeclineReason: Type.Union([Type.String(), Type.Null()]),
  Products: Type.Array(
    Type.Object({
      ProductName: Type.String(),
      ServiceId: Type.Integer(),
      Quantity: Type.Integer(),
      UnitPrice: Type.Number(),
      ListPrice: Type.Number(),
      SetupFee: Type.Number(),
      DiscountPercent: Type.Number(),
      CommitmentPeriod: Type.String(),
      CommitmentMonths: Type.Integer(),
      FeeType: Type.String(),
      PeriodMonths: Type.Integer(),
      Amount: Money,
      CommitmentValue: Money,
    }),
  ),
  Totals: QuoteTotalsSchema,
  Order: Type.Union([Type.Unknown(), Type.Null()]),
  /** Set when the seller accepted the quote for its customer (AcceptQuoteOnBehalf): the customer's recorded confirmation. */
  CustomerConfirmation: Type.Union([CustomerConfirmationSchema, Type.Null()]),
  /** Whether the caller stands on the seller's side (else it is the customer's). */
  IsSeller: Type.Boolean(),
  /** What the caller may do with it now. */
  CanEdit: Type.Boolean(),
  CanSend: Type.Boolean(),
  CanRevise: Type.Boolean(),
  CanDecide: Type.Boolean(),
  /** The seller may accept the Sent quote for its customer (ORDER_ON_BEHALF Execute). */
  CanAcceptOnBehalf: Type.Boolean(),
});

const ProductList = (minItems: number) => Type.Array(ServiceName('Product name'), { minItems, maxItems: 1000 });
const quotationTool = (flag: 'Read' | 'Execute' | 'Create' | 'Delete', ...scope: string[]) =>
  needs('QUOTATION_TOOL', flag, ...scope);
const quoteNestedIds = "the handler checks quote.CustomerAccountId against the caller's hierarchy";
const QuoteIdParam = { quoteId: Id('Quote id') };

/** A customer a quote can be made for (ListAvailableCustomers). */
const QuoteCustomerSchema = Type.Object(
  {
    AccountId: Type.Integer(),
    DisplayName: Type.String(),
    AccountType: Type.String({ description: 'Company or Reseller' }),
    AccountIdentificator: Type.Union([Type.String(), Type.Null()]),
    Currency: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

/** A product as the quote editor adds it, priced in a currency. */
const quoteProduct = {
  ServiceId: Type.Integer(),
  Name: Type.String(),
  ProductName: Type.String(),
  VendorName: Type.String(),
  Category: Type.String(),
  FeeType: Type.String(),
  BillingRule: Type.String(),
  PeriodMonths: Type.Integer({ minimum: 0 }),
  UnitPrice: Type.Number(),
  SetupFee: Type.Number(),
  Currency: Type.String(),
};
const PricedProductSchema = Type.Object(quoteProduct, { additionalProperties: false });

export const Quotes = {
  ListAvailableCustomers: method({
    summary: 'The customers (companies and resellers below the caller\'s organisation) the caller may create quotes for, at most 1000 by name.',
    result: Type.Array(QuoteCustomerSchema, { description: 'By name; the first 1000' }),
    access: quotationTool('Read'),
  }),
  ListQuoteGroups: method({
    summary: 'The quote groups the caller may file quotes under.',
    result: Type.Array(Type.Object({ Id: Type.Integer(), Name: Type.String() }, { additionalProperties: false })),
    access: quotationTool('Read'),
  }),
  ListRecommendedProducts: method({
    summary: 'Products recommended alongside the given ones for a customer: bought together with them by other customers of the same pricelist.',
    params: {
      productList: ProductList(0),
      parentAccountId: Opt(AccountId('Customer the products would be ordered for')),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
    },
    result: Type.Array(Type.Object({ ...quoteProduct, BoughtTogetherBy: Type.Integer({ minimum: 0 }), HeldBy: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
    access: quotationTool('Read', 'parentAccountId'),
    refusals: [404],
  }),
  CreateQuote: method({
    summary: `Create a Draft quote; ${quoteNestedIds}.`,
    params: { quote: NewQuoteSchema },
    result: QuoteDetailSchema,
    access: quotationTool('Create'),
    refusals: [404],
  }),
  SaveQuote: method({
    summary: `Save changes to a Draft quote (a sent quote is immutable: ReviseQuote makes a new version); ${quoteNestedIds}.`,
    params: { quote: QuoteSchema },
    result: QuoteDetailSchema,
    access: quotationTool('Execute'),
    refusals: [404, 409],
  }),
  LoadQuote: method({
    summary: 'One quote with its products and totals.',
    params: QuoteIdParam,
    result: QuoteDetailSchema,
    access: quotationTool('Read'),
    refusals: [404],
  }),
  DeleteQuote: method({
    summary: 'Delete quotes (Draft ones, and decided or expired ones; never one waiting for the customer).',
    params: { quoteIds: IdList('Quote ids') },
    result: Type.Object({ Deleted: Type.Integer({ minimum: 0, description: 'How many quotes were deleted' }) }, { additionalProperties: false }),
    access: quotationTool('Delete'),
    refusals: [404, 409],
  }),
  ListQuotesWithPagination: method({
    summary: "One page of the caller's own quotes: made by its organisation, or sent to it.",
    params: { input: GridQuery('Quotes grid page request') },
    result: GridPageSchema,
    access: quotationTool('Read'),
  }),
  ListCustomerQuotesWithPagination: method({
    summary: "One page of the quotes of the caller's customers; the handler also requires the HIERARCHY value on the capability.",
    params: { input: GridQuery('Customer quotes grid page request') },
    result: GridPageSchema,
    access: quotationTool('Read'),
  }),
  LoadQuoteProducts: method({
    summary: 'Product details and prices in a currency, for adding them to a quote (for the customer when given, else the caller\'s organisation).',
    params: { currency: CurrencyCode(), productList: ProductList(1) },
    result: Type.Array(PricedProductSchema),
    access: quotationTool('Read'),
  }),
  LoadCustomerQuoteProducts: method({
    summary: 'The products a customer may order (its pricelist), priced in a currency: the quote editor\'s product list.',
    params: { customerAccountId: AccountId('Customer'), currency: Opt(CurrencyCode()) },
    result: Type.Object({ CustomerAccountId: Type.Integer(), Currency: Type.String(), Products: Type.Array(PricedProductSchema) }, { additionalProperties: false }),
    access: quotationTool('Read', 'customerAccountId'),
    refusals: [404],
    extension: true,
  }),
  GetQuotesMetadata: method({
    summary: 'Filter options of the quote grids: statuses and customers with their counts.',
    params: { customers: Opt(Type.Boolean({ description: 'For the customer quotes grid' })) },
    result: Type.Object(
      {
        Statuses: Type.Array(Type.Object({ Value: Type.String(), Count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
        Customers: Type.Array(Type.Object({ Value: Type.Integer(), Label: Type.String(), Count: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })),
      },
      { additionalProperties: false, description: 'The filter values of the grid with their counts' },
    ),
    access: quotationTool('Read'),
    extension: true,
  }),
  SendQuote: method({
    summary: 'Send a Draft quote to its customer (e-mail to the customer company); it cannot change any more.',
    params: QuoteIdParam,
    result: QuoteDetailSchema,
    access: quotationTool('Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  ReviseQuote: method({
    summary: 'A new Draft version of a sent, declined or expired quote; a Sent one becomes Superseded when the new version is sent.',
    params: QuoteIdParam,
    result: QuoteDetailSchema,
    access: quotationTool('Create'),
    refusals: [404, 409],
    extension: true,
  }),
  AcceptQuote: method({
    summary: "The customer accepts a Sent quote: its products are ordered (directly, or as credit-check orders beyond the customer's credit limit).",
    params: QuoteIdParam,
    result: QuoteDetailSchema,
    access: quotationTool('Read'),
    refusals: [404, 409],
    extension: true,
  }),
  AcceptQuoteOnBehalf: method({
    // Its products are ordered as AcceptQuote orders them, and the orders carry the confirmation.
    summary: "The seller accepts a Sent quote for a customer in reach, recording the customer's confirmation (who, when, signed document or e-mail).",
    params: { quoteId: Id('Quote id'), confirmation: CustomerConfirmationInput },
    result: QuoteDetailSchema,
    access: needs('ORDER_ON_BEHALF', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  GetQuoteConfirmationDocument: method({
    summary: "The document recorded with a customer's confirmation (AcceptQuoteOnBehalf), for the seller and the customer.",
    params: QuoteIdParam,
    result: FileResultSchema,
    access: quotationTool('Read'),
    refusals: [404],
    extension: true,
  }),
  DeclineQuote: method({
    summary: 'The customer declines a Sent quote.',
    params: { quoteId: Id('Quote id'), reason: Opt(Text(1000)) },
    result: QuoteDetailSchema,
    access: quotationTool('Read'),
    refusals: [404, 409],
    extension: true,
  }),
  GetQuotePdf: method({
    summary: 'The quote as a PDF (the order invoice\'s look).',
    params: QuoteIdParam,
    result: FileResultSchema,
    access: quotationTool('Read'),
    refusals: [404],
    extension: true,
  }),
};
