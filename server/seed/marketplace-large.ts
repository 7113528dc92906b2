import type { Queryable } from '../db/db';
import { DEMO_ACCOUNT_NAMES } from './hierarchy';

/** Services `--scale large` adds, and the Northwind pricelist holding every one of them. */
export const LARGE_PRICELIST_SERVICES = 20_000;
export const LARGE_PRICELIST_NAME = 'Northwind Complete Catalogue';

/**
 * Benchmark volume of the pricelists (issue 12): 20,000 services spread over
 * the demo vendors, and a Northwind pricelist holding all of them at a markup
 * on the purchase price, with its purchase price and SRP per row.
 */
export async function seedLargePricelist(tx: Queryable, log: (message: string) => void = () => undefined, count = LARGE_PRICELIST_SERVICES): Promise<number> {
  const started = performance.now();
  const northwind = await tx.one<{ id: number }>(`SELECT id FROM accounts WHERE account_type = 'Reseller' AND display_name = $1 ORDER BY id LIMIT 1`, [DEMO_ACCOUNT_NAMES.reseller]);
  if (!northwind) throw new Error(`The large pricelist belongs to "${DEMO_ACCOUNT_NAMES.reseller}": seed the demo data first.`);
  await tx.query(
    `INSERT INTO services (name, display_name, vendor_account_id, category, service_group, product_number, vendor_sku, fee_type, currency,
                           purchase_price, sales_price, suggested_retail_price, tags)
     SELECT 'catalogue-' || g, (ARRAY['Cloud Storage','Virtual Desktop','Mail Security','Backup Vault','Web Hosting','Analytics Seat','VPN Gateway','Database'])[1 + g % 8] || ' ' || g,
            v.ids[1 + g % cardinality(v.ids)], (ARRAY['Infrastructure','Security','Productivity','Professional services'])[1 + g % 4],
            (ARRAY['Virtual servers','Managed security','Microsoft 365','Cloud Backup'])[1 + g % 4], 'CAT-' || g, 'SKU-CAT-' || g,
            (ARRAY['monthly','monthly','monthly','one-time','per N months','prepaid N months'])[1 + g % 6], 'EUR',
            round((5 + (g * 37) % 495)::numeric, 2), round((6 + (g * 37) % 495 * 1.2)::numeric, 2), round((7 + (g * 37) % 495 * 1.3)::numeric, 2),
            ARRAY[(ARRAY['eu-hosted','microsoft','backup','security','large'])[1 + g % 5]]
       FROM generate_series(1, ${count}) AS g,
            (SELECT array_agg(id ORDER BY id) AS ids FROM accounts WHERE account_type = 'Vendor') AS v`,
  );
  const pricelist = await tx.one<{ id: number }>(
    `INSERT INTO marketplaces (owner_account_id, name, description, currency, price_priority, properties)
     VALUES ($1, $2, 'Every service of the catalogue (benchmark volume).', 'EUR', 500, '{"Status":"Published"}') RETURNING id`,
    [northwind.id, LARGE_PRICELIST_NAME],
  );
  await tx.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, sales_price, purchase_price, suggested_retail_price, fee_type)
     SELECT $1, s.id, round(s.purchase_price * 1.15, 2), s.purchase_price, s.suggested_retail_price, s.fee_type
       FROM services s WHERE s.name LIKE 'catalogue-%'`,
    [pricelist!.id],
  );
  log(`Pricelist "${LARGE_PRICELIST_NAME}": ${count.toLocaleString('en')} services in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return Number(pricelist!.id);
}
