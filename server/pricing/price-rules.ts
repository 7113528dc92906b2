/**
 * Pricing rules → sales prices (spec §3, §9), pure: no database, no I/O.
 * For every priceable item of a service the first matching rule by priority
 * (lower number first; equal numbers keep their list order) sets the sales price.
 */

/** Contract spelling of the pricing models (contract/services/pricing.ts). */
export type PricingModel = 'Static' | 'SRP' | 'Markup' | 'GrossMargin' | 'SRPDiscount';

export interface PriceRule {
  name: string;
  priority: number;
  /** null matches every vendor, service group or priceable item. */
  vendorAccountId: number | null;
  serviceGroup: string | null;
  priceableItem: string | null;
  model: PricingModel;
  /** Fixed amount (Static) or percentage (Markup, GrossMargin, SRPDiscount); ignored by SRP. */
  value: number;
}

/** One price of one service: its purchase price and suggested retail price (SRP). */
export interface PriceItem {
  vendorAccountId: number;
  serviceGroup: string;
  priceableItem: string;
  purchasePrice: number;
  suggestedRetailPrice: number;
}

/** Rounds money to cents, half away from zero, without binary drift (1.005 → 1.01). */
export function roundMoney(amount: number): number {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-9 * Math.max(1, Math.abs(amount)));
  return (Math.sign(amount) * cents) / 100 || 0;
}

/** The sales price one model gives for one item, rounded to cents. */
export function salesPrice(model: PricingModel, value: number, item: Pick<PriceItem, 'purchasePrice' | 'suggestedRetailPrice'>): number {
  const percent = value / 100;
  switch (model) {
    case 'Static':
      return roundMoney(value);
    case 'SRP':
      return roundMoney(item.suggestedRetailPrice);
    case 'Markup':
      return roundMoney(item.purchasePrice * (1 + percent));
    case 'GrossMargin':
      return roundMoney(item.purchasePrice / (1 - percent));
    case 'SRPDiscount':
      return roundMoney(item.suggestedRetailPrice * (1 - percent));
  }
}

export function ruleMatches(rule: PriceRule, item: PriceItem): boolean {
  return (
    (rule.vendorAccountId === null || rule.vendorAccountId === item.vendorAccountId) &&
    (rule.serviceGroup === null || rule.serviceGroup.toLowerCase() === item.serviceGroup.toLowerCase()) &&
    (rule.priceableItem === null || rule.priceableItem.toLowerCase() === item.priceableItem.toLowerCase())
  );
}

/** Rules in the order they are tried: priority ascending, list order for equal priorities. */
export function byPriority<R extends PriceRule>(rules: readonly R[]): R[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => a.rule.priority - b.rule.priority || a.index - b.index)
    .map(({ rule }) => rule);
}

export interface PricedItem<R extends PriceRule, I extends PriceItem> {
  item: I;
  /** undefined when no rule matches (a group without its default rule). */
  rule: R | undefined;
  salesPrice: number | null;
}

export function priceItems<R extends PriceRule, I extends PriceItem>(rules: readonly R[], items: readonly I[]): PricedItem<R, I>[] {
  const ordered = byPriority(rules);
  return items.map((item) => {
    const rule = ordered.find((candidate) => ruleMatches(candidate, item));
    return { item, rule, salesPrice: rule ? salesPrice(rule.model, rule.value, item) : null };
  });
}

/** What is wrong with a rule's value for its model, as a server text key; null when it is fine. */
export function ruleValueProblem(rule: Pick<PriceRule, 'model' | 'value'>): 'pricing.staticNegative' | 'pricing.markupTooLow' | 'pricing.grossMarginRange' | 'pricing.srpDiscountRange' | null {
  const { model, value } = rule;
  if (!Number.isFinite(value)) return model === 'Static' ? 'pricing.staticNegative' : 'pricing.markupTooLow';
  switch (model) {
    case 'Static':
      return value < 0 ? 'pricing.staticNegative' : null;
    case 'Markup':
      return value < -100 ? 'pricing.markupTooLow' : null;
    case 'GrossMargin':
      // 100 % margin would divide by zero.
      return value < 0 || value >= 100 ? 'pricing.grossMarginRange' : null;
    case 'SRPDiscount':
      return value < 0 || value > 100 ? 'pricing.srpDiscountRange' : null;
    case 'SRP':
      return null;
  }
}

/** Database spelling (0002_commerce.sql CHECK) ↔ contract spelling. */
const DB_MODELS: Record<PricingModel, string> = {
  Static: 'Static',
  SRP: 'SRP',
  Markup: 'Markup',
  GrossMargin: 'Gross margin',
  SRPDiscount: 'SRP discount',
};

export const modelToDb = (model: PricingModel): string => DB_MODELS[model];

export function modelFromDb(stored: string): PricingModel {
  const found = (Object.keys(DB_MODELS) as PricingModel[]).find((model) => DB_MODELS[model] === stored);
  if (!found) throw new Error(`Unknown pricing model in the database: ${stored}`);
  return found;
}
