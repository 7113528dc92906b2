import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, needsAny, Opt } from '../define';
import { Base64File, FileResultSchema, Id, LanguageCode, ServiceName } from '../common';
import { LocalizableFieldsPreviewSchema, OwnedServiceSchema } from './catalog-results';

/** A service's details as GetServiceInfo shows them (spec §3 Service). */
export const ServiceDetailsSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  DisplayName: Type.String(),
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  Category: Type.String(),
  ServiceGroup: Type.String(),
  ProductNumber: Type.String(),
  VendorSku: Type.String(),
  BillingRule: Type.String(),
  FeeType: Type.String(),
  Currency: Type.String({ description: "The service's own currency: base fee, purchase and suggested retail price" }),
  BaseFee: Type.Number(),
  PurchasePrice: Type.Optional(Type.Number({ description: "Only for callers managing prices (PRICE_LISTS Read) or the service's vendor (SERVICE_TOOLS Read)" })),
  SalesPrice: Type.Number({ description: "What the account's company pays, in SalesPriceCurrency" }),
  SalesPriceCurrency: Type.String(),
  MarketplaceId: Type.Union([Type.Integer(), Type.Null()], { description: "Pricelist the sales price comes from; null: the service's list price" }),
  MarketplaceName: Type.Union([Type.String(), Type.Null()]),
  SuggestedRetailPrice: Type.Number(),
  Tags: Type.Array(Type.String()),
  IsNew: Type.Boolean(),
  Icon: Type.Union([Type.String(), Type.Null()]),
});

/** The subscription facts of a product account. */
export const ProductAccountFactsSchema = Type.Object({
  AccountId: Type.Integer(),
  DisplayName: Type.String(),
  State: Type.String({ description: 'Active, Suspended or Terminated' }),
  CreatedDate: Type.String({ format: 'date-time' }),
  ParentAccountId: Type.Union([Type.Integer(), Type.Null()]),
  ParentName: Type.Union([Type.String(), Type.Null()]),
  CompanyAccountId: Type.Union([Type.Integer(), Type.Null()], { description: 'The nearest company above the subscription' }),
  CompanyName: Type.Union([Type.String(), Type.Null()]),
  Values: Type.Record(Type.String(), Type.Unknown(), { description: "The account's Views values (Quantity, SubscriptionId, CommitmentPeriod, ...)" }),
});

export const ServiceInfoSchema = Type.Object({
  RevisionId: Type.Integer({ description: "The current revision; services keep one revision, whose id is the service's Id" }),
  Service: ServiceDetailsSchema,
  Account: Type.Union([ProductAccountFactsSchema, Type.Null()]),
});

const serviceToolRead = () =>
  needsAny([
    { objectType: 'SERVICE_TOOLS', flag: 'Read' },
    { objectType: 'MY_SERVICES', flag: 'Read' },
  ]);

export const ServiceManagement = {
  GetServiceInfo: method({
    summary: 'The details of a service, of a subscribed product account or of one service revision.',
    params: {
      accountId: Opt(AccountId('Product account whose service is shown')),
      revisionId: Opt(Id('Service revision; the current one when absent')),
      serviceName: Opt(ServiceName('Service to show; taken from the account when absent')),
    },
    result: ServiceInfoSchema,
    access: needsAny(
      [
        { objectType: 'MARKETPLACE', flag: 'Read' },
        { objectType: 'MY_SERVICES', flag: 'Read' },
      ],
      'accountId',
    ),
    refusals: [404],
  }),
  ExportServiceLocalizableFieldsToExcel: method({
    summary: 'Export the translatable texts of a service in one language as an Excel file.',
    params: { serviceName: ServiceName(), languageCode: LanguageCode() },
    result: FileResultSchema,
    access: serviceToolRead(),
    refusals: [404],
  }),
  GetUpdatedServiceLocalizableFieldsFromExcel: method({
    summary: 'Read translated texts of a service from an uploaded Excel file and return them (not saved yet).',
    params: { file: Base64File('Excel workbook, base64'), serviceName: ServiceName(), languageCode: LanguageCode() },
    result: LocalizableFieldsPreviewSchema,
    access: needs('SERVICE_TOOLS', 'Execute'),
    refusals: [404],
  }),
  DeleteService: method({
    summary: "Delete a service owned by the caller's company; refused while subscriptions (product accounts not terminated) of it exist.",
    params: { serviceName: ServiceName() },
    result: Type.Object({ Deleted: Type.Boolean() }),
    access: needs('SERVICE_TOOLS', 'Delete'),
    refusals: [404, 409],
  }),
  GetService: method({
    summary: "A service owned by the caller's company, for editing in the service tool.",
    params: { serviceName: ServiceName() },
    result: OwnedServiceSchema,
    access: serviceToolRead(),
    refusals: [404],
  }),
};

