import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { CurrencyCode, DateOnly, GridPageSchema, GridQuery, Id, IdList, Name, ServiceName, Text } from '../common';

export const QuoteProductSchema = Type.Object(
  {
    ProductName: ServiceName('Product name'),
    Quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    UnitPrice: Opt(Type.Number({ description: 'Price per unit; the pricelist price when absent' })),
    DiscountPercent: Opt(Type.Number({ minimum: 0, maximum: 100 })),
    CommitmentPeriod: Opt(Type.String({ maxLength: 64, description: 'e.g. 1-month, annual, 3-year' })),
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

const ProductList = (minItems: number) => Type.Array(ServiceName('Product name'), { minItems, maxItems: 1000 });
const quotationTool = (flag: 'Read' | 'Execute' | 'Create' | 'Delete', ...scope: string[]) =>
  needs('QUOTATION_TOOL', flag, ...scope);
const quoteNestedIds = "the handler checks quote.CustomerAccountId against the caller's hierarchy";

export const Quotes = {
  ListAvailableCustomers: method({
    summary: 'The customers the caller may create quotes for.',
    access: quotationTool('Read'),
  }),
  ListQuoteGroups: method({
    summary: 'The quote groups the caller may file quotes under.',
    access: quotationTool('Read'),
  }),
  ListRecommendedProducts: method({
    summary: 'Products recommended alongside the given ones for a customer.',
    params: {
      productList: ProductList(0),
      parentAccountId: Opt(AccountId('Customer the products would be ordered for')),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
    },
    access: quotationTool('Read', 'parentAccountId'),
  }),
  CreateQuote: method({
    summary: `Create a quote; ${quoteNestedIds}.`,
    params: { quote: NewQuoteSchema },
    result: QuoteSchema,
    access: quotationTool('Create'),
  }),
  SaveQuote: method({
    summary: `Save changes to an existing quote; ${quoteNestedIds}.`,
    params: { quote: QuoteSchema },
    result: QuoteSchema,
    access: quotationTool('Execute'),
  }),
  LoadQuote: method({
    summary: 'One quote with its products.',
    params: { quoteId: Id('Quote id') },
    result: QuoteSchema,
    access: quotationTool('Read'),
  }),
  DeleteQuote: method({
    summary: 'Delete quotes.',
    params: { quoteIds: IdList('Quote ids') },
    access: quotationTool('Delete'),
  }),
  ListQuotesWithPagination: method({
    summary: "One page of the caller's own quotes.",
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
    summary: 'Product details and prices in a currency, for adding them to a quote.',
    params: { currency: CurrencyCode(), productList: ProductList(1) },
    access: quotationTool('Read'),
  }),
};
