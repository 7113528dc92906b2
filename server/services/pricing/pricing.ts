import { tableWorkbook, workbookBytes } from '../../business/spreadsheet';
import { fault } from '../../fault';
import { downloadFileName } from '../../files/download-name';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { modelToDb, priceItems, roundMoney, type PriceRule } from '../../pricing/price-rules';
import { loadRuleGroup, pricelistInScope, searchRules, type PricelistRow, type StoredRule } from '../../pricing/rule-group-store';
import { ruleGroupProblem, ruleValuesProblem, type IncomingRule, type RuleGroupProblem } from '../../pricing/validate-rule-group';
import type { Queryable } from '../../db/db';
import { requireCaller } from '../context';
import { converterTo, exchangeRates, serviceItemsIn, SERVICE_COLUMNS, type CatalogueService } from '../pricelists/pricelist-prices';
import { defineHandlers } from '../define-handlers';

/** Spec §5: the pricing-rule search needs at least this many characters. */
export const PRICING_SEARCH_MIN_LENGTH = 3;

/** Most priced items a preview returns (a pricelist rarely holds more services). */
const PREVIEW_LIMIT = 5000;

const refuse = (status: number, found: RuleGroupProblem): never => {
  throw fault(status, found.key, found.values);
};

function groupResult(pricelist: PricelistRow, rules: StoredRule[]) {
  return {
    MarketplaceId: pricelist.id,
    MarketplaceName: pricelist.name,
    Currency: pricelist.currency,
    SearchMinLength: PRICING_SEARCH_MIN_LENGTH,
    Rules: rules.map((rule) => ({
      Id: rule.id,
      Name: rule.name,
      Priority: rule.priority,
      VendorAccountId: rule.vendorAccountId,
      VendorName: rule.vendorName,
      ServiceGroup: rule.serviceGroup,
      PriceableItem: rule.priceableItem,
      PricingModel: rule.model,
      Value: rule.value,
      IsDefault: rule.isDefault,
    })),
  };
}

const toPriceRule = (rule: IncomingRule): PriceRule => ({
  name: rule.Name,
  priority: rule.Priority,
  vendorAccountId: rule.VendorAccountId ?? null,
  serviceGroup: rule.ServiceGroup?.trim() || null,
  priceableItem: rule.PriceableItem?.trim() || null,
  model: rule.PricingModel,
  // SRP takes no value; store 0 rather than whatever the editor left behind.
  value: rule.PricingModel === 'SRP' ? 0 : (rule.Value ?? 0),
});

async function assertVendors(db: Queryable, rules: readonly IncomingRule[]): Promise<void> {
  const ids = [...new Set(rules.map((rule) => rule.VendorAccountId).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  const found = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE id = ANY($1::bigint[]) AND account_type = 'Vendor'`, [ids]);
  const missing = ids.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw fault(400, 'pricing.unknownVendor', { id: missing });
}

type ServiceRow = CatalogueService & { vendor_name: string };

export const pricingHandlers = defineHandlers('Pricing', {
  async ListPricingRuleGroups(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<{ id: number; name: string; currency: string; owner_name: string; rule_count: number }>(
      `SELECT m.id, m.name, m.currency, a.display_name AS owner_name,
              coalesce(nullif((SELECT count(*) FROM pricing_rules r WHERE r.marketplace_id = m.id), 0),
                       (SELECT count(*) FROM pricing_rules r WHERE r.marketplace_id IS NULL AND r.owner_account_id = m.owner_account_id))::int AS rule_count
         FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id
        WHERE a.path = $1 OR a.path LIKE $1 || '/%'
        ORDER BY a.path, m.name`,
      [caller.loaded.scopePath],
    );
    return rows.map((row) => ({ MarketplaceId: row.id, Name: row.name, Currency: row.currency, OwnerName: row.owner_name, RuleCount: row.rule_count }));
  },

  async GetPricingRuleGroup(ctx, { inputDto }) {
    const pricelist = await pricelistInScope(ctx.db, requireCaller(ctx), inputDto.MarketplaceId);
    const search = inputDto.SearchText?.trim() ?? '';
    if (search && search.length < PRICING_SEARCH_MIN_LENGTH) throw fault(400, 'pricing.searchTooShort', { length: PRICING_SEARCH_MIN_LENGTH });
    const { rules } = await loadRuleGroup(ctx.db, pricelist);
    return groupResult(pricelist, search ? searchRules(rules, search) : rules);
  },

  async UpdatePricingRuleGroup(ctx, { inputDto }) {
    const caller = requireCaller(ctx);
    const pricelist = await pricelistInScope(ctx.db, caller, inputDto.MarketplaceId);
    await assertVendors(ctx.db, inputDto.Rules);
    const saved = await ctx.db.transaction(async (tx) => {
      // Two editors saving at once: the second one works on the first one's result.
      await tx.query('SELECT id FROM marketplaces WHERE id = $1 FOR UPDATE', [pricelist.id]);
      const current = await loadRuleGroup(tx, pricelist);
      const defaultRule = current.rules.find((rule) => rule.isDefault);
      if (!defaultRule) throw new Error(`pricelist ${pricelist.id} has no default prices rule`);
      const found = ruleGroupProblem(inputDto.Rules, { defaultRuleId: defaultRule.id, ruleIds: new Set(current.rules.map((rule) => rule.id)) });
      if (found) refuse(found.key === 'pricing.unknownRule' ? 400 : 409, found);

      // The pricelist's own rules are updated in place; shared ones are copied on first save.
      const keptIds = current.own ? inputDto.Rules.map((rule) => rule.Id).filter((id): id is number => typeof id === 'number') : [];
      await tx.query('DELETE FROM pricing_rules WHERE marketplace_id = $1 AND NOT (id = ANY($2::bigint[]))', [pricelist.id, keptIds]);
      for (const incoming of inputDto.Rules) {
        const rule = toPriceRule(incoming);
        const isDefault = incoming.Id === defaultRule.id;
        const values = [rule.name, rule.priority, rule.vendorAccountId, rule.serviceGroup, rule.priceableItem, modelToDb(rule.model), rule.value];
        if (current.own && incoming.Id != null) {
          await tx.query(
            `UPDATE pricing_rules SET name = $2, priority = $3, vendor_account_id = $4, service_group = $5, priceable_item = $6,
                    pricing_model = $7, value = $8 WHERE id = $1`,
            [incoming.Id, ...values],
          );
        } else {
          await tx.query(
            `INSERT INTO pricing_rules (name, priority, vendor_account_id, service_group, priceable_item, pricing_model, value,
                                        owner_account_id, marketplace_id, is_default)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [...values, pricelist.owner_account_id, pricelist.id, isDefault],
          );
        }
      }
      return loadRuleGroup(tx, pricelist);
    });
    await ctx.audit('PricingRulesUpdated', pricelist.owner_account_id, { marketplaceId: pricelist.id, rules: saved.rules.length });
    return groupResult(pricelist, saved.rules);
  },

  async PricingRuleExcelDownload(ctx, { inputDto }) {
    const pricelist = await pricelistInScope(ctx.db, requireCaller(ctx), inputDto.MarketplaceId);
    const { rules } = await loadRuleGroup(ctx.db, pricelist);
    const { workbook, sheet } = tableWorkbook(ctx.t('pricing.sheetName'), [
      { header: ctx.t('pricing.column.name'), key: 'name', width: 36 },
      { header: ctx.t('pricing.column.priority'), key: 'priority', width: 10 },
      { header: ctx.t('pricing.column.vendor'), key: 'vendor', width: 24 },
      { header: ctx.t('pricing.column.serviceGroup'), key: 'group', width: 24 },
      { header: ctx.t('pricing.column.priceableItem'), key: 'item', width: 18 },
      { header: ctx.t('pricing.column.pricingModel'), key: 'model', width: 16 },
      { header: ctx.t('pricing.column.value'), key: 'value', width: 10 },
      { header: ctx.t('pricing.column.default'), key: 'isDefault', width: 10 },
    ]);
    for (const rule of rules) {
      sheet.addRow({
        name: rule.name,
        priority: rule.priority,
        vendor: rule.vendorName ?? '',
        group: rule.serviceGroup ?? '',
        item: rule.priceableItem ?? '',
        model: modelToDb(rule.model),
        value: rule.model === 'SRP' ? null : rule.value,
        isDefault: rule.isDefault ? ctx.t('pricing.yes') : '',
      });
    }
    const buffer = await workbookBytes(workbook);
    await ctx.audit('PricingRulesExported', pricelist.owner_account_id, { marketplaceId: pricelist.id });
    return {
      FileName: downloadFileName(`pricing-rules-${pricelist.name}`, 'xlsx'),
      ContentType: XLSX_CONTENT_TYPE,
      Content: buffer.toString('base64'),
    };
  },

  async GetDynamicPricesPreview(ctx, { inputDto }) {
    const pricelist = await pricelistInScope(ctx.db, requireCaller(ctx), inputDto.MarketplaceId);
    const found = ruleValuesProblem(inputDto.Rules);
    if (found) refuse(400, found);
    const names = inputDto.ServiceNames?.length ? inputDto.ServiceNames : null;
    const services = await ctx.db.query<ServiceRow>(
      `SELECT ${SERVICE_COLUMNS}, v.display_name AS vendor_name
         FROM marketplace_services ms
         JOIN services s ON s.id = ms.service_id
         JOIN accounts v ON v.id = s.vendor_account_id
        WHERE ms.marketplace_id = $1 AND ($2::text[] IS NULL OR s.name = ANY($2::text[]))
        ORDER BY s.display_name, s.id
        LIMIT ${PREVIEW_LIMIT}`,
      [pricelist.id, names],
    );
    // Priced as the pricelist will hold them: in its currency, where a Static value is written.
    const rates = await exchangeRates(ctx.db);
    const convert = converterTo(pricelist.currency, rates, services.map((service) => service.currency));
    const items = services.flatMap((service) => serviceItemsIn(service, convert));
    const priced = priceItems(inputDto.Rules.map(toPriceRule), items);
    return {
      MarketplaceId: pricelist.id,
      Items: priced.map(({ item, rule, salesPrice }) => ({
        ServiceName: item.service.name,
        DisplayName: item.service.display_name,
        VendorAccountId: item.vendorAccountId,
        VendorName: item.service.vendor_name,
        ServiceGroup: item.serviceGroup,
        PriceableItem: item.priceableItem,
        Currency: pricelist.currency,
        PurchasePrice: roundMoney(item.purchasePrice),
        SuggestedRetailPrice: roundMoney(item.suggestedRetailPrice),
        SalesPrice: salesPrice,
        RuleName: rule?.name ?? null,
        PricingModel: rule?.model ?? null,
      })),
    };
  },
});
