import type { SeedContext } from './context';

/**
 * What migration 0013 keeps apart from `marketplaces.properties`: each demo
 * pricelist's description and its propagation filters as rows (an 'All' filter
 * of the plan is an Include filter with an empty vendor selection).
 */
export async function seedPricelistDetails(ctx: SeedContext): Promise<void> {
  await ctx.tx.query(`UPDATE marketplaces SET description = coalesce(properties->>'Description', '') WHERE description = ''`);
  await ctx.tx.query(
    `INSERT INTO marketplace_propagation_filters (marketplace_id, vendor_filter_type, vendor_account_ids, included_tags, excluded_tags)
     SELECT m.id,
            CASE WHEN f->>'VendorFilterType' = 'Exclude' THEN 'Exclude' ELSE 'Include' END,
            ARRAY(SELECT jsonb_array_elements_text(f->'VendorAccountIds'))::bigint[],
            ARRAY(SELECT jsonb_array_elements_text(f->'IncludedTags')),
            ARRAY(SELECT jsonb_array_elements_text(f->'ExcludedTags'))
       FROM marketplaces m, jsonb_array_elements(coalesce(m.properties->'PropagationFilters', '[]'::jsonb)) AS f
      WHERE NOT EXISTS (SELECT 1 FROM marketplace_propagation_filters p WHERE p.marketplace_id = m.id)
      ORDER BY m.id`,
  );
}
