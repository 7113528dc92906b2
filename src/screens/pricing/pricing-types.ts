import type { Static } from '@sinclair/typebox';
import type { PricePreviewRowSchema, PricingModel as PricingModelSchema, PricingRuleRowSchema, PricingRuleSchema } from '../../../contract/services/pricing';

export type PricingModel = Static<typeof PricingModelSchema>;
export type StoredRule = Static<typeof PricingRuleRowSchema>;
export type RuleInput = Static<typeof PricingRuleSchema>;
export type PreviewRow = Static<typeof PricePreviewRowSchema>;

export const PRICING_MODELS: readonly PricingModel[] = ['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount'];

/** Priceable items the server derives from services (server/pricing/priceable-items.ts). */
export const PRICEABLE_ITEMS = ['Recurring fee', 'One-time fee', 'Setup fee'] as const;

/** What the value of a model means: a fixed amount, a percentage, or nothing (SRP). */
export function valueKind(model: PricingModel): 'amount' | 'percent' | 'none' {
  if (model === 'SRP') return 'none';
  return model === 'Static' ? 'amount' : 'percent';
}

/** A stored rule as UpdatePricingRuleGroup / GetDynamicPricesPreview take it. */
export const toInput = (rule: StoredRule | RuleInput): RuleInput => ({
  Id: rule.Id ?? null,
  Name: rule.Name,
  Priority: rule.Priority,
  VendorAccountId: rule.VendorAccountId ?? null,
  ServiceGroup: rule.ServiceGroup || null,
  PriceableItem: rule.PriceableItem || null,
  PricingModel: rule.PricingModel,
  Value: valueKind(rule.PricingModel) === 'none' ? 0 : (rule.Value ?? 0),
});
