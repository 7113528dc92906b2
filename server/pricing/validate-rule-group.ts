import type { ServerTextKey } from '../texts';
import { ruleValueProblem, type PricingModel } from './price-rules';

/** A rule as the client sends it (contract PricingRuleSchema). */
export interface IncomingRule {
  Id?: number | null;
  Name: string;
  Priority: number;
  VendorAccountId?: number | null;
  ServiceGroup?: string | null;
  PriceableItem?: string | null;
  PricingModel: PricingModel;
  Value?: number | null;
}

export interface RuleGroupProblem {
  key: ServerTextKey;
  values: Record<string, string | number>;
}

const problem = (key: ServerTextKey, values: Record<string, string | number> = {}): RuleGroupProblem => ({ key, values });

/** Value checks only: what a preview needs. */
export function ruleValuesProblem(rules: readonly IncomingRule[]): RuleGroupProblem | null {
  for (const rule of rules) {
    const key = ruleValueProblem({ model: rule.PricingModel, value: rule.Value ?? 0 });
    if (key) return problem(key, { name: rule.Name });
  }
  return null;
}

/**
 * What makes a new rule list unacceptable for a pricelist, or null. The default
 * prices rule (spec §9) must stay: SRP, for every service, the lowest priority.
 */
export function ruleGroupProblem(rules: readonly IncomingRule[], current: { defaultRuleId: number; ruleIds: ReadonlySet<number> }): RuleGroupProblem | null {
  const seenIds = new Set<number>();
  for (const rule of rules) {
    if (rule.Id == null) continue;
    if (!current.ruleIds.has(rule.Id) || seenIds.has(rule.Id)) return problem('pricing.unknownRule', { id: rule.Id });
    seenIds.add(rule.Id);
  }
  const defaultRule = rules.find((rule) => rule.Id === current.defaultRuleId);
  if (!defaultRule) return problem('pricing.defaultRuleRequired');
  if (defaultRule.PricingModel !== 'SRP' || defaultRule.VendorAccountId != null || defaultRule.ServiceGroup || defaultRule.PriceableItem) {
    return problem('pricing.defaultRuleFixed');
  }
  const priorities = new Set<number>();
  for (const rule of rules) {
    if (priorities.has(rule.Priority)) return problem('pricing.duplicatePriority', { priority: rule.Priority });
    priorities.add(rule.Priority);
    if (rule !== defaultRule && rule.Priority > defaultRule.Priority) return problem('pricing.defaultRuleLowestPriority', { priority: defaultRule.Priority });
  }
  return ruleValuesProblem(rules);
}
