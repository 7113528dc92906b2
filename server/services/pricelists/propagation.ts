/**
 * Propagation (/propagation): a pricelist's filters, the preview of the services
 * they would add, and PropagateServices (an asynchronous job like price saves,
 * each service priced by the pricelist's rules).
 */
import type { Static } from '@sinclair/typebox';
import type { PropagationFilterSchema } from '../../../contract/services/marketplace';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { PricelistRow } from '../../pricing/rule-group-store';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { callersPricelist } from './pricelist-access';
import { exchangeRates, priceServices, pricelistRules, SERVICE_COLUMNS, type CatalogueService } from './pricelist-prices';
import { auditIn } from './pricelists';
import { filtersSql, planFilterSave, type PropagationFilter } from './propagation-filters';
import { createUpdateJob, jobResult, type JobRow } from './update-jobs';

type WireFilter = Static<typeof PropagationFilterSchema>;

/** Services a preview lists at most (the total is counted). */
const PREVIEW_ROWS = 500;

const fromWire = (filter: WireFilter): PropagationFilter => ({
  id: filter.Id ?? null,
  type: filter.VendorFilterType,
  vendorIds: [...new Set(filter.VendorAccountIds)],
  includedTags: [...new Set(filter.IncludedTags.map((tag) => tag.trim()).filter(Boolean))],
  excludedTags: [...new Set(filter.ExcludedTags.map((tag) => tag.trim()).filter(Boolean))],
});

const toWire = (filter: PropagationFilter) => ({
  Id: filter.id,
  VendorFilterType: filter.type,
  VendorAccountIds: filter.vendorIds,
  IncludedTags: filter.includedTags,
  ExcludedTags: filter.excludedTags,
});

export async function storedFilters(db: Queryable, marketplaceId: number): Promise<PropagationFilter[]> {
  const rows = await db.query<{ id: number; vendor_filter_type: 'Include' | 'Exclude'; vendor_account_ids: number[]; included_tags: string[]; excluded_tags: string[] }>(
    'SELECT id, vendor_filter_type, vendor_account_ids, included_tags, excluded_tags FROM marketplace_propagation_filters WHERE marketplace_id = $1 ORDER BY id',
    [marketplaceId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.vendor_filter_type,
    vendorIds: row.vendor_account_ids.map(Number),
    includedTags: row.included_tags,
    excludedTags: row.excluded_tags,
  }));
}

async function assertVendors(db: Queryable, filters: readonly PropagationFilter[]): Promise<void> {
  const ids = [...new Set(filters.flatMap((filter) => filter.vendorIds))];
  if (ids.length === 0) return;
  const found = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE id = ANY($1::bigint[]) AND account_type = 'Vendor'`, [ids]);
  const missing = ids.find((id) => !found.some((row) => Number(row.id) === id));
  if (missing !== undefined) throw fault(400, 'pricing.unknownVendor', { id: missing });
}

/** "#12 (Include: Adatum Software, Litware Security)" for the conflict message. */
async function describeFilters(ctx: ServiceContext, db: Queryable, filters: readonly PropagationFilter[]): Promise<string> {
  const ids = [...new Set(filters.flatMap((filter) => filter.vendorIds))];
  const names = new Map(
    (await db.query<{ id: number; display_name: string }>('SELECT id, display_name FROM accounts WHERE id = ANY($1::bigint[])', [ids])).map((row) => [
      Number(row.id),
      row.display_name,
    ]),
  );
  return filters
    .map((filter) => {
      const vendors = filter.vendorIds.length ? filter.vendorIds.map((id) => names.get(id) ?? `#${id}`).join(', ') : ctx.t('marketplace.filter.allVendors');
      const type = ctx.t(filter.type === 'Include' ? 'marketplace.filter.include' : 'marketplace.filter.exclude');
      return `#${filter.id} (${type}: ${vendors})`;
    })
    .join('; ');
}

/** Services the filters take that the pricelist does not hold yet. */
async function servicesToPropagate(db: Queryable, pricelist: PricelistRow, filters: readonly PropagationFilter[], limit: number | null) {
  const params: unknown[] = [pricelist.id];
  const where = `NOT EXISTS (SELECT 1 FROM marketplace_services ms WHERE ms.marketplace_id = $1 AND ms.service_id = s.id) AND (${filtersSql(filters, params)})`;
  const rows = await db.query<CatalogueService & { vendor_name: string }>(
    `SELECT ${SERVICE_COLUMNS}, v.display_name AS vendor_name FROM services s JOIN accounts v ON v.id = s.vendor_account_id
      WHERE ${where} ORDER BY lower(s.display_name), s.id ${limit === null ? '' : `LIMIT ${limit}`}`,
    params,
  );
  const total =
    limit === null ? rows.length : Number((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM services s WHERE ${where}`, params))!.n);
  return { rows, total };
}

export const propagationHandlers = defineHandlers('Marketplace', {
  async GetMarketplaceProperties(ctx, { marketplaceId }) {
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const vendors = await ctx.db.query<{ id: number; display_name: string }>(
      `SELECT v.id, v.display_name FROM accounts v WHERE v.account_type = 'Vendor' AND EXISTS (SELECT 1 FROM services s WHERE s.vendor_account_id = v.id)
        ORDER BY lower(v.display_name), v.id`,
    );
    // The tags a filter can name: those of the catalogue's services (a tag no service carries takes nothing).
    const tags = await ctx.db.query<{ tag: string }>('SELECT DISTINCT unnest(tags) AS tag FROM services ORDER BY 1');
    return {
      PropagationFilters: (await storedFilters(ctx.db, pricelist.id)).map(toWire),
      Vendors: vendors.map((vendor) => ({ Id: Number(vendor.id), Name: vendor.display_name })),
      Tags: tags.map((row) => row.tag),
    };
  },

  async UpdateMarketplaceProperties(ctx, { marketplaceId, marketplaceProperties }) {
    const caller = requireCaller(ctx);
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const submitted = marketplaceProperties.PropagationFilters.map(fromWire);
    await assertVendors(ctx.db, submitted);
    const saved = await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM marketplaces WHERE id = $1 FOR UPDATE', [pricelist.id]);
      const stored = await storedFilters(tx, pricelist.id);
      const unknown = submitted.find((filter) => filter.id !== null && !stored.some((candidate) => candidate.id === filter.id));
      if (unknown) throw fault(400, 'marketplace.filter.unknown', { id: unknown.id as number });
      const plan = planFilterSave(stored, submitted, marketplaceProperties.ConfirmDeleteConflicting === true);
      if (plan.kind === 'onlyOneEmptyVendor') throw fault(400, 'marketplace.filter.onlyOneEmptyVendor');
      if (plan.kind === 'conflictWithin') throw fault(400, 'marketplace.filter.conflictWithin');
      if (plan.kind === 'conflicts') throw fault(409, 'marketplace.filter.conflicts', { filters: await describeFilters(ctx, tx, plan.conflicting) });
      await tx.query('DELETE FROM marketplace_propagation_filters WHERE marketplace_id = $1 AND id = ANY($2::bigint[])', [pricelist.id, plan.deleteIds]);
      for (const filter of plan.save) {
        const values = [filter.type, filter.vendorIds, filter.includedTags, filter.excludedTags];
        if (filter.id !== null) {
          await tx.query(
            `UPDATE marketplace_propagation_filters SET vendor_filter_type = $2, vendor_account_ids = $3, included_tags = $4, excluded_tags = $5 WHERE id = $1`,
            [filter.id, ...values],
          );
        } else {
          await tx.query(
            `INSERT INTO marketplace_propagation_filters (marketplace_id, vendor_filter_type, vendor_account_ids, included_tags, excluded_tags) VALUES ($1, $2, $3, $4, $5)`,
            [pricelist.id, ...values],
          );
        }
      }
      await auditIn(tx, caller, 'PricelistFiltersSaved', pricelist.owner_account_id, { marketplaceId: pricelist.id, filters: plan.save.length, deleted: plan.deleteIds }, ctx.request.ip);
      return storedFilters(tx, pricelist.id);
    });
    return { PropagationFilters: saved.map(toWire) };
  },

  async GetServicesForPropagation(ctx, { marketplaceId, marketplaceProperties }) {
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const filters = marketplaceProperties.PropagationFilters.map(fromWire);
    const { rows, total } = await servicesToPropagate(ctx.db, pricelist, filters, PREVIEW_ROWS);
    const prices = priceServices(rows, await pricelistRules(ctx.db, pricelist), pricelist.currency, await exchangeRates(ctx.db));
    return {
      MarketplaceId: pricelist.id,
      Currency: pricelist.currency,
      TotalCount: total,
      Services: rows.map((row, index) => ({
        ServiceId: Number(row.id),
        ServiceName: row.name,
        DisplayName: row.display_name,
        VendorName: row.vendor_name,
        FeeType: prices[index].feeType,
        PurchasePrice: prices[index].purchasePrice,
        SalesPrice: prices[index].salesPrice,
        SuggestedRetailPrice: prices[index].suggestedRetailPrice,
      })),
    };
  },

  async PropagateServices(ctx, { marketplaceId }) {
    const caller = requireCaller(ctx);
    const pricelist = await callersPricelist(ctx, marketplaceId);
    const job = await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM marketplaces WHERE id = $1 FOR UPDATE', [pricelist.id]);
      const { rows } = await servicesToPropagate(tx, pricelist, await storedFilters(tx, pricelist.id), null);
      const prices = priceServices(rows, await pricelistRules(tx, pricelist), pricelist.currency, await exchangeRates(tx));
      const jobId = await createUpdateJob(
        tx,
        { marketplaceId: pricelist.id, kind: 'Propagate', updateCharges: false, creatorUserId: caller.loaded.user.UserAccountId },
        prices.map((price) => ({ action: 'Set', ...price })),
      );
      await auditIn(tx, caller, 'PricelistPropagationStarted', pricelist.owner_account_id, { marketplaceId: pricelist.id, jobId, services: prices.length }, ctx.request.ip);
      return tx.one<JobRow>('SELECT * FROM marketplace_update_jobs WHERE id = $1', [jobId]);
    });
    return jobResult(job!);
  },
});
