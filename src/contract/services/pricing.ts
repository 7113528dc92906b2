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

export const PricingRuleGroupSchema = Type.Object({
  MarketplaceId: Type.Integer(),
  Rules: Type.Array(PricingRuleSchema),
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
    result: PricingRuleGroupSchema,
    access: needs('PRICING_RULES', 'Read'),
  }),
  UpdatePricingRuleGroup: method({
    summary: 'Replace the pricing rules of a pricelist.',
    params: {
      inputDto: Type.Object(
        { MarketplaceId: MarketplaceId(), Rules: Type.Array(PricingRuleSchema, { maxItems: 1000 }) },
        { additionalProperties: false },
      ),
    },
    result: PricingRuleGroupSchema,
    access: needs('PRICING_RULES', 'Execute'),
  }),
  PricingRuleExcelDownload: method({
    summary: 'Export the pricing rules of a pricelist as an Excel file.',
    params: { inputDto: Type.Object({ MarketplaceId: MarketplaceId() }, { additionalProperties: false }) },
    result: FileResultSchema,
    access: needs('PRICING_RULES', 'Read'),
  }),
  GetDynamicPricesPreview: method({
    summary: 'The prices a set of pricing rules would give, without saving them.',
    params: {
      inputDto: Type.Object(
        {
          MarketplaceId: MarketplaceId(),
          Rules: Type.Array(PricingRuleSchema, { maxItems: 1000 }),
          ServiceNames: Opt(Type.Array(ServiceName(), { maxItems: 1000, description: 'Limit the preview to these services' })),
        },
        { additionalProperties: false },
      ),
    },
    access: needs('PRICING_RULES', 'Read'),
  }),
};
