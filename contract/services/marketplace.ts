import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt, SignedIn, signedInFor } from '../define';
import { CurrencyCode, DateTime, GridPageSchema, GridQuery, Id, IdList, Name, ServiceName, Text } from '../common';
import { AvailableMarketplacesSchema, CompanyMarketplaceServiceSchema, MyMarketplaceServiceSchema, SearchServicesMetadataSchema } from './catalog-results';

const MarketplaceId = () => Id('Marketplace (pricelist) id');

/** Service search filter (spec §3: DisplayName, OwnerAccountIds, ServiceCategories, ServiceTags, ShowNewOnly, Source.Type). */
export const ServiceSearchOptionsSchema = Type.Object(
  {
    DisplayName: Opt(Type.String({ maxLength: 256 })),
    OwnerAccountIds: Opt(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true })),
    ServiceCategories: Opt(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100 })),
    ServiceTags: Opt(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100 })),
    ShowNewOnly: Opt(Type.Boolean()),
    Source: Opt(
      Type.Object(
        { Type: Type.String({ minLength: 1, maxLength: 64, description: 'e.g. Root (Explore), OwnedServices (service tool)' }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ServiceSearchOrderSchema = Type.Object(
  {
    Key: Type.String({ minLength: 1, maxLength: 64, description: 'e.g. Ranking, ModifyDate' }),
    Value: Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]),
  },
  { additionalProperties: false },
);

export const ServiceSearchResultSchema = Type.Object({
  Services: Type.Array(
    Type.Object({
      Id: Type.Integer(),
      DisplayName: Type.String(),
      Icon: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  TotalCount: Type.Integer({ minimum: 0 }),
});

/** A new pricelist (spec §3 Pricelist: name, customers, price priority). */
export const MarketplaceOfferSchema = Type.Object(
  {
    Name: Name(256),
    Description: Opt(Text(2000)),
    Currency: CurrencyCode(),
    PricePriority: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Lower numbers win when a service is in several pricelists; default: after the others' })),
    CustomerAccountIds: Opt(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10000, uniqueItems: true })),
  },
  { additionalProperties: false },
);

/** Spec §9 fee types. */
export const FEE_TYPES = ['base', 'monthly', 'one-time', 'per N months', 'prepaid N months'] as const;

/** The bounds of a pricelist price: the server's schema and the prices grid's cell check share them. */
export const PRICE_LIMITS = { minimum: 0, maximum: 1_000_000_000 } as const;

/** A price in a pricelist's currency. */
const Price = (description: string) => Type.Number({ ...PRICE_LIMITS, description });

/** Prices of one priceable item of a service in a pricelist. */
export const MarketplacePriceSchema = Type.Object(
  {
    PriceableItem: Name(256),
    FeeType: Opt(Type.Union(FEE_TYPES.map((type) => Type.Literal(type)), { description: 'base, monthly, one-time, per N months, prepaid N months' })),
    SalesPrice: Price('Sales price, in the pricelist currency'),
    SuggestedRetailPrice: Opt(Price('Suggested retail price, in the pricelist currency')),
  },
  { additionalProperties: false },
);

export const MarketplaceServiceEntrySchema = Type.Object(
  {
    ServiceName: ServiceName(),
    IsIncluded: Opt(Type.Boolean({ description: 'false removes the service from the pricelist' })),
    Prices: Opt(Type.Array(MarketplacePriceSchema, { maxItems: 1000 })),
  },
  { additionalProperties: false },
);

/** A service propagation filter of a pricelist (spec §3, §5: at most one with an empty vendor selection). */
export const PropagationFilterSchema = Type.Object(
  {
    Id: Opt(Id('Filter id; absent for a new filter')),
    VendorFilterType: Type.Union([Type.Literal('Include'), Type.Literal('Exclude')]),
    VendorAccountIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true }),
    IncludedTags: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100 }),
    ExcludedTags: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);

export const MarketplacePropertiesSchema = Type.Object(
  {
    PropagationFilters: Type.Array(PropagationFilterSchema, { maxItems: 100 }),
    ConfirmDeleteConflicting: Opt(Type.Boolean({ description: 'Saving: the caller confirmed deleting the filters this save conflicts with' })),
  },
  { additionalProperties: false },
);

/** GetMarketplaceProperties: the filters, and the vendors a filter can name. */
export const MarketplacePropertiesResultSchema = Type.Object({
  PropagationFilters: MarketplacePropertiesSchema.properties.PropagationFilters,
  Vendors: Type.Array(Type.Object({ Id: Type.Integer(), Name: Type.String() }), { description: 'Vendors of the catalogue, for the filter editor' }),
  Tags: Type.Array(Type.String(), { description: "The tags the catalogue's services carry, for the filter editor's suggestions" }),
});

const priceLists = (flag: 'Read' | 'Execute' | 'Create' | 'Delete') => needs('PRICE_LISTS', flag);

/** A pricelist with its customer and service counts (ListMarketplaces, GetMarketplace). */
export const PricelistSummarySchema = Type.Object(
  {
    Id: Type.Integer(),
    Name: Type.String(),
    Description: Type.String(),
    Currency: Type.String(),
    PricePriority: Type.Integer({ description: 'Order of the owner\'s pricelists, lowest first (SaveMarketplacePriority)' }),
    OwnerAccountId: Type.Integer(),
    OwnerName: Type.String(),
    CustomersCount: Type.Integer({ minimum: 0 }),
    ServicesCount: Type.Integer({ minimum: 0 }),
    CreatedAt: DateTime(),
  },
  { additionalProperties: false },
);

/** A customer of a pricelist (ListCustomersForMarketplace). */
const PricelistCustomerSchema = Type.Object(
  {
    AccountId: Type.Integer(),
    DisplayName: Type.String(),
    AccountType: Type.String(),
    AccountState: Type.String(),
    AccountIdentificator: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

/** A background job changing a pricelist's prices (UpdateMarketplaceServices, PropagateServices), and its progress. */
const PricelistJobSchema = Type.Object(
  {
    JobId: Type.Integer(),
    MarketplaceId: Type.Integer(),
    Kind: Type.String({ description: 'Update or Propagate' }),
    Status: Type.String({ description: 'Pending, In progress, Completed or Failed' }),
    TotalItems: Type.Integer({ minimum: 0 }),
    ProcessedItems: Type.Integer({ minimum: 0 }),
    Failure: Type.Union([Type.String(), Type.Null()]),
    CreatedAt: DateTime(),
    FinishedAt: Type.Union([DateTime(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const Marketplace = {
  AcceptTermsAndConditions: method({
    summary: 'Record that the signed-in user accepted the terms of the marketplace or of a product.',
    params: {
      accountId: AccountId('Account accepting (the user, or the account ordering the product)'),
      productName: Opt(ServiceName('Product whose terms are accepted; the marketplace terms when absent')),
    },
    result: Type.Null(),
    access: signedInFor('accountId'),
    refusals: [404],
  }),
  SearchServices: method({
    summary: 'Search the marketplace services visible to the caller.',
    params: {
      limit: Opt(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 100' })),
      options: Opt(ServiceSearchOptionsSchema),
      orderBy: Opt(ServiceSearchOrderSchema),
    },
    result: ServiceSearchResultSchema,
    access: needs('MARKETPLACE', 'Read'),
  }),
  GetSearchServicesMetadata: method({
    summary: 'The filter values (owners, categories, tags) available for a service search.',
    params: { options: Opt(ServiceSearchOptionsSchema) },
    result: SearchServicesMetadataSchema,
    access: needs('MARKETPLACE', 'Read'),
  }),
  GetAvailableMarketplacesForServices: method({
    summary: "The caller's pricelists a service can be added to, each saying whether it holds the service and at what price.",
    params: { serviceName: ServiceName() },
    result: AvailableMarketplacesSchema,
    access: priceLists('Read'),
    refusals: [404],
  }),
  UpdateMarketplaceServices: method({
    summary: 'Add, remove or reprice services of a pricelist (applied asynchronously).',
    params: {
      marketplaceOfferId: MarketplaceId(),
      marketplaceServiceList: Type.Array(MarketplaceServiceEntrySchema, { minItems: 1, maxItems: 5000 }),
      updateCharges: Opt(Type.Boolean({ description: 'Also update the charges of existing subscriptions; default false' })),
    },
    result: PricelistJobSchema,
    access: priceLists('Execute'),
    refusals: [404],
  }),
  CreateMarketplace: method({
    summary: "Create a pricelist owned by the caller's company.",
    params: { marketplaceOffer: MarketplaceOfferSchema },
    result: Type.Object({ Id: Type.Integer(), Name: Type.String(), Currency: Type.String(), PricePriority: Type.Integer() }, { additionalProperties: false }),
    access: priceLists('Create'),
    refusals: [409],
  }),
  ListMarketplaces: method({
    summary: "The pricelists of the caller's company with their customer and service counts.",
    result: Type.Array(PricelistSummarySchema),
    access: priceLists('Read'),
  }),
  GetMarketplace: method({
    summary: 'One pricelist within the caller\'s reach (also one of a company below), with its customer and service counts, as ListMarketplaces lists them.',
    params: { marketplaceId: MarketplaceId() },
    result: PricelistSummarySchema,
    access: priceLists('Read'),
    refusals: [404],
    extension: true,
  }),
  ListCustomersForMarketplace: method({
    summary: 'The customers assigned to a pricelist.',
    params: { marketplaceId: MarketplaceId(), filterName: Opt(Type.String({ maxLength: 256 })) },
    result: Type.Array(PricelistCustomerSchema),
    access: priceLists('Read'),
    refusals: [404],
  }),
  DeleteMarketplace: method({
    summary: 'Delete a pricelist.',
    params: { marketplaceId: MarketplaceId() },
    result: Type.Object({ Id: Type.Integer(), Deleted: Type.Boolean({ description: 'true' }) }, { additionalProperties: false }),
    access: priceLists('Delete'),
    refusals: [404, 409],
  }),
  SaveMarketplacePriority: method({
    summary: "Save the price priorities of the caller's pricelists.",
    params: {
      marketplacePriorityList: Type.Array(
        Type.Object(
          { MarketplaceId: MarketplaceId(), Priority: Type.Integer({ minimum: 0, maximum: 1_000_000 }) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1000 },
      ),
    },
    result: Type.Array(Type.Object({ MarketplaceId: Type.Integer(), Priority: Type.Integer() }, { additionalProperties: false }), { description: 'The priorities as saved' }),
    access: priceLists('Execute'),
    refusals: [404],
  }),
  GetCompanyMarketplaceService: method({
    summary: "A service as the caller's company sees it in its marketplace.",
    params: { serviceName: ServiceName() },
    result: CompanyMarketplaceServiceSchema,
    access: needs('MARKETPLACE', 'Read'),
    refusals: [404],
  }),
  GetMyMarketplaceService: method({
    summary: "A service with its prices in one of the caller's pricelists.",
    params: { marketplaceId: MarketplaceId(), serviceName: ServiceName() },
    result: MyMarketplaceServiceSchema,
    access: priceLists('Read'),
    refusals: [404],
  }),
  GetAvailableCurrencyList: method({
    summary: 'The currencies a pricelist may use.',
    result: Type.Array(Type.String()),
    access: SignedIn,
  }),
  GetServicesForPropagation: method({
    summary: 'The services the given propagation filters would add to a pricelist.',
    params: { marketplaceId: MarketplaceId(), marketplaceProperties: MarketplacePropertiesSchema },
    result: Type.Object(
      {
        MarketplaceId: Type.Integer(),
        Currency: Type.String(),
        TotalCount: Type.Integer({ minimum: 0, description: 'All services the filters give; Services holds the first 500' }),
        Services: Type.Array(
          Type.Object(
            {
              ServiceId: Type.Integer(),
              ServiceName: Type.String(),
              DisplayName: Type.String(),
              VendorName: Type.String(),
              FeeType: Type.String(),
              PurchasePrice: Type.Number(),
              SalesPrice: Type.Union([Type.Number(), Type.Null()]),
              SuggestedRetailPrice: Type.Number(),
            },
            { additionalProperties: false },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    access: priceLists('Read'),
    refusals: [404],
  }),
  GetMarketplaceProperties: method({
    summary: 'The propagation filters of a pricelist.',
    params: { marketplaceId: MarketplaceId() },
    result: MarketplacePropertiesResultSchema,
    access: priceLists('Read'),
    refusals: [404],
  }),
  PropagateServices: method({
    summary: "Add the services matching a pricelist's propagation filters to it.",
    params: { marketplaceId: MarketplaceId() },
    result: PricelistJobSchema,
    access: priceLists('Execute'),
    refusals: [404],
  }),
  UpdateMarketplaceProperties: method({
    summary: 'Save the propagation filters of a pricelist; filters the save conflicts with are named (409) unless ConfirmDeleteConflicting, then deleted.',
    params: {
      marketplaceId: MarketplaceId(),
      marketplaceProperties: MarketplacePropertiesSchema,
    },
    result: MarketplacePropertiesSchema,
    access: priceLists('Execute'),
    refusals: [404, 409],
  }),
  AddMarketplaceCustomers: method({
    summary: 'Make accounts within reach (companies, departments, resellers below the owner) customers of a pricelist (/add-to-pricelist).',
    params: { marketplaceId: MarketplaceId(), customerAccountIds: IdList('Accounts that become customers') },
    result: Type.Object({ MarketplaceId: Type.Integer(), Added: Type.Integer({ minimum: 0, description: 'Customers that were not in the pricelist yet' }) }, { additionalProperties: false }),
    access: needs('PRICE_LISTS', 'Execute', 'customerAccountIds'),
    refusals: [404],
    extension: true,
  }),
  ListMarketplaceServices: method({
    summary: "A page of the services of one pricelist, or of every pricelist of the caller's company (marketplaceId absent), with their prices.",
    params: { marketplaceId: Opt(MarketplaceId()), query: GridQuery('Prices grid page request (any startRow: the prices are read by offset)', { deepOffsets: true }) },
    result: GridPageSchema,
    access: priceLists('Read'),
    refusals: [404],
    extension: true,
  }),
  GetMarketplaceUpdateJob: method({
    summary: 'Progress of an asynchronous price save or propagation.',
    params: { jobId: Id('Job id returned by UpdateMarketplaceServices or PropagateServices') },
    result: PricelistJobSchema,
    access: priceLists('Read'),
    refusals: [404],
    extension: true,
  }),
};
