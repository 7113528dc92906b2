/**
 * ServiceManagement/GetServiceInfo: a service's details, for a product account
 * (the service-info tab) or by name. The dispatcher checks the capability and
 * that the product account is in reach; here: its type, the service's
 * visibility, the revision, and who may see the purchase price.
 *
 * Revisions: the data model keeps one revision per service, its current one,
 * whose id is the service's Id. revisionId may be absent or that id; any other
 * answers 400.
 */
import { hiddenFieldsFor, withoutHiddenValues } from '../accounts/layouts';
import { hasCapability } from '../../auth/session-user';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { callerOrganisation, paidPrice, pricedServices, serviceFacts, type PricedServiceRow } from '../billing/allowed-services';
import { requireCaller, type Caller } from '../context';
import { defineHandlers } from '../define-handlers';

interface ProductRow {
  id: number;
  account_type: string;
  product_name: string | null;
  state: string;
  display_name: string;
  views: { Values?: Record<string, unknown> } | null;
  created_at: string | Date;
  path: string;
  parent_id: number | null;
  parent_name: string | null;
  company_id: number | null;
  company_name: string | null;
}

const PRODUCT_SQL = `
SELECT a.id, a.account_type, a.product_name, a.state, a.display_name, a.views, a.created_at, a.path, a.parent_id,
       p.display_name AS parent_name, c.id AS company_id, c.display_name AS company_name
  FROM accounts a
  LEFT JOIN accounts p ON p.id = a.parent_id
  LEFT JOIN LATERAL (
    SELECT id, display_name FROM accounts
     WHERE id = ANY (string_to_array(a.path, '/')::bigint[]) AND account_type = 'Company'
     ORDER BY length(path) DESC LIMIT 1
  ) c ON true
 WHERE a.id = $1`;

/** A service by its unique name or its display name (product accounts carry the display name). */
async function serviceIdByName(db: Queryable, name: string): Promise<number | undefined> {
  const row = await db.one<{ id: number }>('SELECT id FROM services WHERE name = $1 OR display_name = $1 ORDER BY name = $1 DESC, id LIMIT 1', [name]);
  return row ? Number(row.id) : undefined;
}

/** By name only, a service shows when the caller's organisation may order it, vends it, or sells it in a pricelist of its own. */
async function visibleTo(db: Queryable, organisationId: number, row: PricedServiceRow): Promise<boolean> {
  if (row.allowed || Number(row.vendor_account_id) === organisationId) return true;
  return Boolean(
    await db.one(
      'SELECT 1 FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id WHERE ms.service_id = $1 AND m.owner_account_id = $2 LIMIT 1',
      [row.id, organisationId],
    ),
  );
}

/**
 * Purchase prices are for those who set prices on them: PRICE_LISTS Read
 * (resellers, the platform) or the service's own vendor with SERVICE_TOOLS Read.
 * A customer company's users never see them.
 */
function maySeePurchasePrice(caller: Caller, organisationId: number, row: PricedServiceRow): boolean {
  const capabilities = caller.loaded.user.Capability;
  if (hasCapability(capabilities, 'PRICE_LISTS', 'Read')) return true;
  return hasCapability(capabilities, 'SERVICE_TOOLS', 'Read') && Number(row.vendor_account_id) === organisationId;
}

const isoDate = (value: string | Date) => new Date(value).toISOString();

export const serviceInfoHandlers = defineHandlers('ServiceManagement', {
  async GetServiceInfo(ctx, { accountId, revisionId, serviceName }) {
    const caller = requireCaller(ctx);
    const name = serviceName?.trim();
    if (!accountId && !name) throw fault(400, 'serviceInfo.accountOrServiceRequired');
    const organisation = await callerOrganisation(ctx.db, caller);

    let product: ProductRow | undefined;
    let serviceId: number | undefined;
    if (accountId) {
      product = await ctx.db.one<ProductRow>(PRODUCT_SQL, [accountId]);
      if (!product) throw fault(404, 'notFound');
      if (product.account_type !== 'Product') throw fault(400, 'serviceInfo.notAProduct');
      serviceId = product.product_name ? await serviceIdByName(ctx.db, product.product_name) : undefined;
      if (serviceId === undefined) throw fault(404, 'serviceInfo.unknownService', { name: product.product_name ?? '' });
      if (name && (await serviceIdByName(ctx.db, name)) !== serviceId) throw fault(400, 'serviceInfo.serviceMismatch', { name });
    } else if (name) {
      serviceId = await serviceIdByName(ctx.db, name);
    }

    // Priced for the product's own path (its company's pricelists), else for the caller's organisation.
    const [row] = serviceId === undefined ? [] : await pricedServices(ctx.db, product?.path ?? organisation.path, serviceId);
    // Unknown and not visible answer alike, so names of other vendors' services do not leak.
    if (!row || (!product && !(await visibleTo(ctx.db, organisation.id, row)))) throw fault(404, 'serviceInfo.unknownService', { name: name ?? '' });
    if (revisionId != null && revisionId !== Number(row.id)) throw fault(400, 'serviceInfo.unknownRevision', { id: revisionId });

    const paid = paidPrice(row);
    return {
      RevisionId: Number(row.id),
      Service: {
        ...serviceFacts(row),
        VendorSku: row.vendor_sku,
        Currency: row.currency,
        BaseFee: Number(row.base_fee),
        ...(maySeePurchasePrice(caller, organisation.id, row) ? { PurchasePrice: Number(row.purchase_price) } : {}),
        SalesPrice: paid.SalesPrice,
        SalesPriceCurrency: paid.Currency,
        MarketplaceId: paid.MarketplaceId,
        MarketplaceName: paid.MarketplaceName,
        SuggestedRetailPrice: Number(row.suggested_retail_price),
      },
      Account: product
        ? {
            AccountId: Number(product.id),
            DisplayName: product.display_name,
            State: product.state,
            CreatedDate: isoDate(product.created_at),
            ParentAccountId: product.parent_id === null ? null : Number(product.parent_id),
            ParentName: product.parent_name,
            CompanyAccountId: product.company_id === null ? null : Number(product.company_id),
            CompanyName: product.company_name,
            Values: withoutHiddenValues(product.views ?? {}, hiddenFieldsFor(ctx, 'Product', product.product_name)).Values ?? {},
          }
        : null,
    };
  },
});
