import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt, SignedIn } from '../define';
import { CurrencyCode, FileResultSchema, Id } from '../common';

export const BillingIntervalSchema = Type.Object({
  Id: Type.Integer(),
  StartDate: Type.String({ format: 'date' }),
  EndDate: Type.String({ format: 'date' }),
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
    summary: "The services the signed-in user's company may order.",
    access: SignedIn,
  }),
};

