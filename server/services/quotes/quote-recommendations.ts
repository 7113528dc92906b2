/**
 * ListRecommendedProducts. Rule: "bought together by other customers of the
 * same pricelist". The customer's pricelists are those of the nearest account
 * on its path that is a pricelist customer (the price rule of
 * allowed-services.ts); its peers are the other customers of those pricelists.
 * For each product the customer may order and has not chosen, count the peers
 * holding an active subscription of it together with one of the chosen
 * products; most peers first. When that gives fewer than asked (nothing chosen
 * yet, or no peer bought the chosen ones), the products most peers hold fill
 * the rest.
 */
import type { Queryable } from '../../db/db';

export async function recommendedServiceIds(db: Queryable, customerPath: string, chosenServiceIds: number[], limit: number): Promise<{ id: number; peers: number; together: number }[]> {
  return db.query<{ id: number; peers: number; together: number }>(
    `WITH chain AS (
       SELECT id::bigint AS id, ord FROM unnest(string_to_array($1::text, '/')) WITH ORDINALITY AS t(id, ord)
     ), buyer AS (
       SELECT c.id FROM chain c WHERE EXISTS (SELECT 1 FROM marketplace_customers mc WHERE mc.account_id = c.id) ORDER BY c.ord DESC LIMIT 1
     ), peers AS (
       SELECT DISTINCT a.id, a.path FROM marketplace_customers mine
         JOIN marketplace_customers other ON other.marketplace_id = mine.marketplace_id
         JOIN accounts a ON a.id = other.account_id
        WHERE mine.account_id = (SELECT id FROM buyer) AND a.path <> $1::text AND NOT ($1::text LIKE a.path || '/%')
     ), held AS (
       SELECT DISTINCT p.id AS peer, s.id AS service_id
         FROM peers p
         JOIN accounts pr ON pr.account_type = 'Product' AND pr.state = 'Active' AND pr.path LIKE p.path || '/%'
         JOIN services s ON s.name = pr.product_name OR s.display_name = pr.product_name
     ), together AS (
       SELECT h2.service_id, count(DISTINCT h2.peer) AS n FROM held h1 JOIN held h2 ON h2.peer = h1.peer
        WHERE h1.service_id = ANY($2::bigint[]) AND h2.service_id <> ALL($2::bigint[]) GROUP BY h2.service_id
     ), popular AS (
       SELECT service_id, count(*) AS n FROM held WHERE service_id <> ALL($2::bigint[]) GROUP BY service_id
     )
     SELECT p.service_id AS id, p.n AS peers, coalesce(t.n, 0) AS together
       FROM popular p LEFT JOIN together t ON t.service_id = p.service_id
      ORDER BY coalesce(t.n, 0) DESC, p.n DESC, p.service_id
      LIMIT $3`,
    [customerPath, chosenServiceIds, limit],
  );
}
