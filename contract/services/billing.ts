import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt, SignedIn } from '../define';
import { CurrencyCode, FileResultSchema, Id } from '../common';
import { AllowedServicesResultSchema } from './allowed-services-schemas';

/** A calendar month (UTC); Id is yyyymm (202605 = May 2026), stable across calls. */
export const BillingIntervalSchema = Type.Object({
  Id: Type.Integer({ description: 'yyyymm' }),
  StartDate: Type.String({ format: 'date' }),
  EndDate: Type.String({ format: 'date', description: 'Last day of the month, inclusive' }),
});

/** One line of the online bill: a product account's fee or a custom charge, amounts in the report currency. */
export const OnlineBillLineSchema = Type.Object({
  Kind: Type.Union([Type.Literal('Product'), Type.Literal('CustomCharge')]),
  /** Product account id or custom charge id (with Kind, unique in a bill). */
  SourceId: Type.Integer(),
  Name: Type.String({ description: 'Service display name or custom charge name' }),
  AccountId: Type.Integer({ description: 'The account holding the product or charge' }),
  AccountName: Type.String(),
  CustomerAccountId: Type.Integer({ description: 'The sub-account of the report company the line belongs to (the company itself for its own lines)' }),
  CustomerName: Type.String(),
  Indirect: Type.Boolean({ description: 'Below another company or reseller that pays itself' }),
  FeeType: Type.Union([Type.String(), Type.Null()]),
  Quantity: Type.Number(),
  UnitPrice: Type.Number(),
  /** Share of the month billed: active days / days of the month for monthly fees, else 1. */
  Share: Type.Number(),
  Amount: Type.Number(),
  Currency: Type.String(),
  OriginalCurrency: Type.String(),
  OriginalAmount: Type.Number(),
  /** Agreed: the unit price of the accepted quote the subscription was ordered from. */
  PriceSource: Type.Union([Type.Literal('Agreed'), Type.Literal('Pricelist'), Type.Literal('Service'), Type.Literal('CustomCharge')]),
  PricelistName: Type.Union([Type.String(), Type.Null()]),
});

/** Lines of one account (group by customers, or by account in the hierarchy files). */
export const OnlineBillGroupSchema = Type.Object({
  AccountId: Type.Integer(),
  DisplayName: Type.String(),
  Lines: Type.Array(OnlineBillLineSchema),
  Total: Type.Number(),
});

/** The online bill of a company for one interval. */
export const OnlineBillSchema = Type.Object({
  CompanyAccountId: Type.Integer(),
  CompanyName: Type.String(),
  Interval: BillingIntervalSchema,
  Currency: Type.String({ description: 'Report currency of Amount, UnitPrice and Total' }),
  GroupByCustomers: Type.Boolean(),
  HideIndirectPayments: Type.Boolean(),
  Lines: Type.Array(OnlineBillLineSchema),
  /** One group with every line unless grouped by customers. */
  Groups: Type.Array(OnlineBillGroupSchema),
  /** Sums of OriginalAmount per original currency. */
  Totals: Type.Array(Type.Object({ Currency: Type.String(), Amount: Type.Number() })),
  Total: Type.Number(),
});

/** Parameters shared by the five Onlinebill_* report calls. */
const onlinebillParams = () => ({
  companyAccountId: AccountId('Company account'),
  billingInterval: Id('Billing interval id from GetIntervalsForCompany'),
  hideIndirectPayments: Opt(Type.Boolean({ description: 'Default false' })),
  groupByCustomers: Opt(Type.Boolean({ description: 'Default false' })),
  currency: Opt(CurrencyCode("Report currency; default the company's currency")),
});

const billingRead = () => needs('BILLING', 'Read', 'companyAccountId');

export const Billing = {
  GetIntervalsForCompany: method({
    summary: 'The billing intervals of a company, newest first.',
    params: { companyAccountId: AccountId('Company account') },
    result: Type.Array(BillingIntervalSchema),
    access: billingRead(),
  }),
  Onlinebill_GenerateCompanyProductReport: method({
    summary: "The online bill of a company's products for one interval, as data for the billing page.",
    params: onlinebillParams(),
    result: OnlineBillSchema,
    access: billingRead(),
  }),
  Onlinebill_GenerateCompanyProductPDF: method({
    summary: "The online bill of a company's products for one interval, as a PDF file.",
    params: onlinebillParams(),
    result: FileResultSchema,
    access: billingRead(),
  }),
  Onlinebill_GenerateCompanyHierarchyProductJSON: method({
    summary: "The online bill of a company's whole hierarchy for one interval, as a JSON file.",
    params: onlinebillParams(),
    result: FileResultSchema,
    access: billingRead(),
  }),
  Onlinebill_GenerateCompanyHierarchyProductPDF: method({
    summary: "The online bill of a company's whole hierarchy for one interval, as a PDF file.",
    params: onlinebillParams(),
    result: FileResultSchema,
    access: billingRead(),
  }),
  Onlinebill_GenerateCompanyHierarchyProductXML: method({
    summary: "The online bill of a company's whole hierarchy for one interval, as an XML file.",
    params: onlinebillParams(),
    result: FileResultSchema,
    access: billingRead(),
  }),
  OnlinebillExport: method({
    summary: "Export a company's billing data of one interval as a spreadsheet file.",
    params: {
      companyAccountId: AccountId('Company account'),
      intervalId: Id('Billing interval id from GetIntervalsForCompany'),
      currency: Opt(CurrencyCode("Export currency; default the company's currency")),
    },
    result: FileResultSchema,
    access: billingRead(),
  }),
  GetCompanyAllowedServices: method({
    summary: "The services the signed-in user's company may order, at the price it pays.",
    result: AllowedServicesResultSchema,
    access: SignedIn,
  }),
  GetAccountAllowedServices: method({
    summary: "The services an account within reach may order, at the price its company pays (the account's available-services tab).",
    params: { accountId: AccountId('Company, department or reseller') },
    result: AllowedServicesResultSchema,
    access: needs('MARKETPLACE', 'Read', 'accountId'),
    refusals: [404],
    extension: true,
  }),
};

