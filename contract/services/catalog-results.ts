/**
 * Results and extension methods of the service catalogue (issue 12: service detail,
 * service tool, localizable fields, service groups, Explore). The server side lives
 * in server/services/catalog/.
 */
import { Type } from '@sinclair/typebox';
import { Name, Text } from '../common';

/** The translatable texts of a service (stored per service and language, migration 0014). */
export const LOCALIZABLE_FIELDS = ['DisplayName', 'ShortDescription', 'Description', 'Features'] as const;
export type LocalizableField = (typeof LOCALIZABLE_FIELDS)[number];

/** Longest text a localizable field may hold. */
export const LOCALIZABLE_FIELD_MAX_LENGTH = 4000;

const Money = () => Type.Number({ description: 'Amount' });

/** A service's catalogue values, as the detail page and the service tool show them. */
export const CatalogServiceSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  DisplayName: Type.String({ description: "In the caller's language when translated, else English" }),
  ShortDescription: Type.String(),
  Description: Type.String(),
  Features: Type.String(),
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  Category: Type.String(),
  ServiceGroup: Type.String(),
  ProductNumber: Type.String(),
  VendorSku: Type.String(),
  BillingRule: Type.String(),
  FeeType: Type.String(),
  Currency: Type.String(),
  BaseFee: Money(),
  SuggestedRetailPrice: Money(),
  Tags: Type.Array(Type.String()),
  IsNew: Type.Boolean(),
  Icon: Type.Union([Type.String(), Type.Null()], { description: 'Image path for /keeper/getimage/{path}/{width}/{height}' }),
  ModifyDate: Type.String({ format: 'date-time' }),
});

/** A pricelist as the service detail lists it. */
export const ServicePricelistSchema = Type.Object({
  MarketplaceId: Type.Integer(),
  Name: Type.String(),
  Currency: Type.String(),
  PricePriority: Type.Integer(),
  ContainsService: Type.Boolean(),
  SalesPrice: Type.Union([Type.Number(), Type.Null()], { description: 'The price in this pricelist; null when the service is not in it' }),
  CustomersCount: Type.Integer(),
});

export const AvailableMarketplacesSchema = Type.Object({
  ServiceId: Type.Integer(),
  Marketplaces: Type.Array(ServicePricelistSchema),
});

/** A service as the caller's company sees it in its marketplace. */
export const CompanyMarketplaceServiceSchema = Type.Object({
  Service: CatalogServiceSchema,
  /** Whether the caller's company may order it. */
  CanOrder: Type.Boolean(),
  SalesPrice: Money(),
  SalesPriceCurrency: Type.String(),
  MarketplaceId: Type.Union([Type.Integer(), Type.Null()]),
  MarketplaceName: Type.Union([Type.String(), Type.Null()]),
});

/** A service with its prices in one of the caller's pricelists. */
export const MyMarketplaceServiceSchema = Type.Object({
  Service: CatalogServiceSchema,
  Marketplace: Type.Object({ MarketplaceId: Type.Integer(), Name: Type.String(), Currency: Type.String(), PricePriority: Type.Integer() }),
  ContainsService: Type.Boolean(),
  PurchasePrice: Money(),
  ListPrice: Type.Number({ description: "The vendor's sales price, in the service's currency" }),
  SalesPrice: Type.Union([Type.Number(), Type.Null()], { description: "The pricelist's price, in the pricelist's currency" }),
  MarginPercent: Type.Union([Type.Number(), Type.Null()], { description: 'Of the pricelist price over the purchase price, when both are in one currency' }),
});

const Facet = Type.Object({ Value: Type.String(), Count: Type.Integer({ minimum: 0 }) });

/** Explore's filter values with their counts (each counted with the other filters applied). */
export const SearchServicesMetadataSchema = Type.Object({
  TotalCount: Type.Integer({ minimum: 0 }),
  NewCount: Type.Integer({ minimum: 0 }),
  Owners: Type.Array(Type.Object({ Id: Type.Integer(), Name: Type.String(), Count: Type.Integer({ minimum: 0 }) })),
  Categories: Type.Array(Facet),
  Tags: Type.Array(Facet),
});

export const ExploreServiceSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  DisplayName: Type.String(),
  ShortDescription: Type.String(),
  Icon: Type.Union([Type.String(), Type.Null()]),
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  Category: Type.String(),
  Tags: Type.Array(Type.String()),
  IsNew: Type.Boolean(),
});

export const ExploreServicesResultSchema = Type.Object({
  Services: Type.Array(ExploreServiceSchema),
  TotalCount: Type.Integer({ minimum: 0 }),
});

/** The service tool's view of one of the vendor's own services. */
export const OwnedServiceSchema = Type.Object({
  Service: CatalogServiceSchema,
  PurchasePrice: Money(),
  SalesPrice: Money(),
  SubscriptionsCount: Type.Integer({ minimum: 0, description: 'Product accounts ordered from it that are not terminated' }),
  PricelistsCount: Type.Integer({ minimum: 0 }),
  Languages: Type.Array(Type.String(), { description: 'Languages with translated texts' }),
});

export const MyServiceRowSchema = Type.Object({
  Name: Type.String(),
  Id: Type.Integer(),
  DisplayName: Type.String(),
  Category: Type.String(),
  ServiceGroup: Type.String(),
  FeeType: Type.String(),
  SalesPrice: Money(),
  Currency: Type.String(),
  SubscriptionsCount: Type.Integer({ minimum: 0 }),
  Languages: Type.Integer({ minimum: 0, description: 'Number of languages with translated texts' }),
  ModifyDate: Type.String({ format: 'date-time' }),
});

/** One field of the localizable-fields preview: what the file would change. */
export const LocalizableFieldChangeSchema = Type.Object({
  Field: Type.String(),
  English: Type.String(),
  Current: Type.String(),
  Updated: Type.String(),
  Changed: Type.Boolean(),
});

export const LocalizableFieldsPreviewSchema = Type.Object({
  ServiceName: Type.String(),
  LanguageCode: Type.String(),
  Fields: Type.Array(LocalizableFieldChangeSchema),
  ChangedCount: Type.Integer({ minimum: 0 }),
});

export const LocalizableFieldValueSchema = Type.Object(
  {
    Field: Type.Union(LOCALIZABLE_FIELDS.map((field) => Type.Literal(field))),
    Value: Text(LOCALIZABLE_FIELD_MAX_LENGTH),
  },
  { additionalProperties: false },
);

export const ServiceGroupsMetadataSchema = Type.Object({
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  ServiceGroups: Type.Array(
    Type.Object({
      Name: Type.String(),
      Services: Type.Array(Type.Object({ Name: Type.String(), DisplayName: Type.String(), FeeType: Type.String(), PriceableItems: Type.Array(Type.String()) })),
    }),
  ),
});

export const PriceableItemsMetadataSchema = Type.Object({
  PriceableItems: Type.Array(Type.Object({ Name: Type.String(), ServicesCount: Type.Integer({ minimum: 0 }) })),
});

export const ServiceGroupUploadResultSchema = Type.Object({
  Saved: Type.Boolean({ description: 'false: some row is wrong and nothing was saved' }),
  UpdatedCount: Type.Integer({ minimum: 0 }),
  UnchangedCount: Type.Integer({ minimum: 0 }),
  Errors: Type.Array(
    Type.Object({ Row: Type.Integer({ minimum: 1 }), Column: Type.String({ description: 'Column letter and header, e.g. C (Service group)' }), Message: Type.String() }),
  ),
});

export const ServiceGroupNameSchema = () => Name(256, 'Service group name');

/** The languages service texts are translated into (the portal's locales; English is the reference). */
export const SERVICE_TEXT_LANGUAGES: Readonly<Record<string, string>> = {
  de: 'German',
  es: 'Spanish',
  fr: 'French',
  hu: 'Hungarian',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  ro: 'Romanian',
  ru: 'Russian',
  fi: 'Finnish',
  tr: 'Turkish',
  bg: 'Bulgarian',
  pt: 'Portuguese',
  sv: 'Swedish',
};

/**
 * Spec §5: a service image path is valid only as a 32-character id and a
 * 23-character file name ("<32 hex>/<19 characters>.<3-letter extension>");
 * any other path shows the placeholder.
 */
export const SERVICE_IMAGE_PATH = /^[0-9a-f]{32}\/[A-Za-z0-9_-]{19}\.(svg|png|jpg|gif)$/;
