import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { FileResultSchema, Id, Name, ServiceName } from '../common';

/** Spec §9 pricing models: Static, SRP, Markup, Gross margin, SRP discount. */
export const PricingModel = Type.Union([
  Type.Literal('Static'),
  Type.Literal('SRP'),
  Type.Literal('Markup'),
  Type.Literal('GrossMargin'),
  Type.Literal('SRPDiscount'),
]);

/** A pricing rule (spec §3: name, priority, vendor, service group, priceable item, pricing model). */
export const PricingRuleSchema = Type.Object(
  {
    Id: Opt(Id('Rule id; absent for a new rule')),
    Name: Name(256),
    Priority: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Lower numbers are applied first' }),
    VendorAccountId: Opt(AccountId('Only services of this vendor')),
    ServiceGroup: Opt(Type.String({ maxLength: 256 })),
    PriceableItem: Opt(Type.String({ maxLength: 256 })),
    PricingModel,
    Value: Opt(Type.Number({ description: 'Amount or percentage, depending on the model' })),
  },
  { additionalProperties: false },
);

const MarketplaceId = () => Id('Marketplace (pricelist) the rule group belongs to');

/** A rule to preview: as saved, but its name may still be empty (the editor previews a new rule before it is named). */
export const PreviewRuleSchema = Type.Object(
  { ...PricingRuleSchema.properties, Name: Type.String({ maxLength: 256, description: 'May be empty while the rule is being written' }) },
  { additionalProperties: false },
);

export const PricingRuleGroupSchema = Type.Object({
  MarketplaceId: Type.Integer(),
  Rules: Type.Array(PricingRuleSchema),
});

/** A stored rule as the server returns it: the rule plus what the screen shows beside it. */
export const PricingRuleRowSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  Priority: Type.Integer(),
  VendorAccountId: Type.Union([Type.Integer(), Type.Null()]),
  VendorName: Type.Union([Type.String(), Type.Null()]),
  ServiceGroup: Type.Union([Type.String(), Type.Null()]),
  PriceableItem: Type.Union([Type.String(), Type.Null()]),
  PricingModel,
  Value: Type.Number(),
  /** The "Default prices" rule: SRP, lowest priority, cannot be deleted (spec §9). */
  IsDefault: Type.Boolean(),
});

export const PricingRuleGroupResultSchema = Type.Object({
  MarketplaceId: Type.Integer(),
  MarketplaceName: Type.String(),
  Currency: Type.String(),
  /** Shortest search text the server accepts (spec §5: "{length}"). */
  SearchMinLength: Type.Integer(),
  Rules: Type.Array(PricingRuleRowSchema),
});

/** One priced item of the preview: which rule won and the sales price it gives. */
export const PricePreviewRowSchema = Type.Object({
  ServiceName: Type.String(),
  DisplayName: Type.String(),
  VendorAccountId: Type.Integer(),
  VendorName: Type.String(),
  ServiceGroup: Type.String(),
  PriceableItem: Type.String(),
  Currency: Type.String(),
  PurchasePrice: Type.Number(),
  SuggestedRetailPrice: Type.Number(),
  SalesPrice: Type.Union([Type.Number(), Type.Null()]),
  RuleName: Type.Union([Type.String(), Type.Null()]),
  PricingModel: Type.Union([PricingModel, Type.Null()]),
});

export const PricePreviewSchema = Type.Object({
  MarketplaceId: Type.Integer(),
  Items: Type.Array(PricePreviewRowSchema),
});

export const Pricing = {
  GetPricingRuleGroup: method({
    summary: 'The pricing rules of a pricelist, optionally filtered by a search text.',
    params: {
      inputDto: Type.Object(
        { MarketplaceId: MarketplaceId(), SearchText: Opt(Type.String({ maxLength: 256 })) },
        { additionalProperties: false },
      ),
    },
    result: PricingRuleGroupResultSchema,
    access: needs('PRICING_RULES', 'Read'),
    refusals: [404],
  }),
  UpdatePricingRuleGroup: method({
    summary: 'Replace the pricing rules of a pricelist.',
    params: {
      inputDto: Type.Object(
        { MarketplaceId: MarketplaceId(), Rules: Type.Array(PricingRuleSchema, { maxItems: 1000 }) },
        { additionalProperties: false },
      ),
    },
    result: PricingRuleGroupResultSchema,
    access: needs('PRICING_RULES', 'Execute'),
    refusals: [404, 409],
  }),
  PricingRuleExcelDownload: method({
    summary: 'Export the pricing rules of a pricelist as an Excel file.',
    params: { inputDto: Type.Object({ MarketplaceId: MarketplaceId() }, { additionalProperties: false }) },
    result: FileResultSchema,
    access: needs('PRICING_RULES', 'Read'),
    refusals: [404],
  }),
  GetDynamicPricesPreview: method({
    summary: 'The prices a set of pricing rules would give, without saving them.',
    params: {
      inputDto: Type.Object(
        {
          MarketplaceId: MarketplaceId(),
          Rules: Type.Array(PreviewRuleSchema, { maxItems: 1000 }),
          ServiceNames: Opt(Type.Array(ServiceName(), { maxItems: 1000, description: 'Limit the preview to these services' })),
        },
        { additionalProperties: false },
      ),
    },
    result: PricePreviewSchema,
    access: needs('PRICING_RULES', 'Read'),
    refusals: [404],
  }),
  // Extension (not in spec §7): the pricelists whose rules the caller may see, for the rule editor's picker.
  ListPricingRuleGroups: method({
    summary: "The pricelists whose pricing rules the caller may see: those owned by the caller's account or below.",
    result: Type.Array(
      Type.Object({
        MarketplaceId: Type.Integer(),
        Name: Type.String(),
        Currency: Type.String(),
        OwnerName: Type.String(),
        RuleCount: Type.Integer(),
      }),
    ),
    access: needs('PRICING_RULES', 'Read'),
    extension: true,
  }),
};
