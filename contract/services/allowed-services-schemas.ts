/**
 * What an account may order (Billing/GetCompanyAllowedServices and its
 * account-scoped extension): the services with the price its company pays.
 */
import { Type } from '@sinclair/typebox';

export const AllowedServiceSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String({ description: 'Unique service name' }),
  DisplayName: Type.String({ description: 'Also the ProductName of the product accounts ordered from it' }),
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  Category: Type.String(),
  ServiceGroup: Type.String(),
  ProductNumber: Type.String(),
  BillingRule: Type.String(),
  FeeType: Type.String({ description: 'base, monthly, one-time, per N months, prepaid N months' }),
  BaseFee: Type.Number({ description: 'Setup fee of base-fee services, in BaseFeeCurrency' }),
  BaseFeeCurrency: Type.String({ description: "The service's own currency (pricelists price the recurring fee only)" }),
  SalesPrice: Type.Number({ description: 'What the company pays, in Currency' }),
  Currency: Type.String({ description: "The pricelist's currency, or the service's own at list price" }),
  MarketplaceId: Type.Union([Type.Integer(), Type.Null()], { description: 'Pricelist the price comes from; null at list price' }),
  MarketplaceName: Type.Union([Type.String(), Type.Null()]),
  Tags: Type.Array(Type.String()),
  IsNew: Type.Boolean(),
  Icon: Type.Union([Type.String(), Type.Null()]),
});

export const AllowedServicesResultSchema = Type.Object({
  AccountId: Type.Integer({ description: 'The account the list is for' }),
  PricelistAccountId: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The account on its path whose pricelists apply (itself or the nearest above with any); null: none, list prices',
  }),
  Services: Type.Array(AllowedServiceSchema),
});
