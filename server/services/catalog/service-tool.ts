/**
 * The vendor's service tool (ServiceManagement): its services, one service,
 * deleting one (refused while subscriptions of it exist), and the localizable
 * fields round trip through Excel. A caller manages the services whose vendor
 * is within its reach (service-rows.ts managedService); others answer 404.
 */
import { downloadFileName } from '../../files/download-name';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn } from './audit';
import { localizableFieldsWorkbook, previewOf, saveTexts, textsFromWorkbook, translationLanguage } from './localizable-fields';
import { catalogService, languageOf, managedService, MANAGED_SERVICES_FROM, subscriptionsCount, textsFor, type FieldTexts } from './service-rows';

interface MyServiceRow {
  id: number;
  name: string;
  display_name: string;
  category: string;
  service_group: string;
  fee_type: string;
  sales_price: number;
  currency: string;
  modified_at: string | Date;
  subscriptions: number;
  languages: number;
}

const MY_SERVICES_SQL = `
SELECT s.id, s.name, s.display_name, s.category, s.service_group, s.fee_type, s.sales_price, s.currency, s.modified_at,
       (SELECT count(*)::int FROM accounts a WHERE a.account_type = 'Product' AND a.state <> 'Terminated' AND a.product_name IN (s.name, s.display_name)) AS subscriptions,
       (SELECT count(DISTINCT language)::int FROM service_localizable_fields f WHERE f.service_id = s.id AND f.language <> 'en') AS languages
  FROM ${MANAGED_SERVICES_FROM}
 ORDER BY s.modified_at DESC, s.id`;

export const serviceToolHandlers = defineHandlers('ServiceManagement', {
  async ListMyServices(ctx) {
    const rows = await ctx.db.query<MyServiceRow>(MY_SERVICES_SQL, [requireCaller(ctx).loaded.scopePath]);
    return rows.map((row) => ({
      Name: row.name,
      Id: Number(row.id),
      DisplayName: row.display_name,
      Category: row.category,
      ServiceGroup: row.service_group,
      FeeType: row.fee_type,
      SalesPrice: Number(row.sales_price),
      Currency: row.currency,
      SubscriptionsCount: Number(row.subscriptions),
      Languages: Number(row.languages),
      ModifyDate: new Date(row.modified_at).toISOString(),
    }));
  },

  async GetService(ctx, { serviceName }) {
    const service = await managedService(ctx.db, requireCaller(ctx), serviceName);
    const [texts, subscriptions, pricelists, languages] = await Promise.all([
      textsFor(ctx.db, service, languageOf(ctx.locale)),
      subscriptionsCount(ctx.db, service),
      ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_services WHERE service_id = $1', [service.id]),
      ctx.db.query<{ language: string }>("SELECT DISTINCT language FROM service_localizable_fields WHERE service_id = $1 AND language <> 'en' ORDER BY language", [service.id]),
    ]);
    return {
      Service: catalogService(service, texts),
      PurchasePrice: Number(service.purchase_price),
      SalesPrice: Number(service.sales_price),
      SubscriptionsCount: subscriptions,
      PricelistsCount: Number(pricelists?.n ?? 0),
      Languages: languages.map((row) => row.language),
    };
  },

  async DeleteService(ctx, { serviceName }) {
    const caller = requireCaller(ctx);
    return ctx.db.transaction(async (tx) => {
      const service = await managedService(tx, caller, serviceName);
      // Lock the row: an order approved meanwhile cannot slip a subscription in.
      await tx.query('SELECT id FROM services WHERE id = $1 FOR UPDATE', [service.id]);
      const subscriptions = await subscriptionsCount(tx, service);
      if (subscriptions > 0) throw fault(409, 'catalog.serviceHasSubscriptions', { name: service.display_name, count: subscriptions });
      const pending = await tx.one<{ n: number }>("SELECT count(*)::int AS n FROM credit_check_orders WHERE service_id = $1 AND approval_status = 'Pending'", [service.id]);
      if (Number(pending?.n ?? 0) > 0) throw fault(409, 'catalog.serviceHasPendingOrders', { name: service.display_name, count: Number(pending?.n) });
      // Closed orders keep their product name; only the link to the catalogue goes.
      await tx.query('UPDATE credit_check_orders SET service_id = NULL WHERE service_id = $1', [service.id]);
      await tx.query('DELETE FROM services WHERE id = $1', [service.id]);
      // Its image goes with it unless another service shows the same one.
      if (service.icon) await tx.query('DELETE FROM service_images WHERE path = $1 AND NOT EXISTS (SELECT 1 FROM services WHERE icon = $1)', [service.icon]);
      await auditIn(tx, ctx, 'ServiceDeleted', Number(service.vendor_account_id), { service: service.name, displayName: service.display_name });
      return { Deleted: true };
    });
  },

  async ExportServiceLocalizableFieldsToExcel(ctx, { serviceName, languageCode }) {
    const service = await managedService(ctx.db, requireCaller(ctx), serviceName);
    const language = translationLanguage(languageCode);
    const content = await localizableFieldsWorkbook(ctx.db, service, language, ctx.t('catalog.excel.field'));
    return {
      FileName: downloadFileName(`${service.name}-${language}`, 'xlsx'),
      ContentType: XLSX_CONTENT_TYPE,
      Content: content.toString('base64'),
    };
  },

  async GetUpdatedServiceLocalizableFieldsFromExcel(ctx, { file, serviceName, languageCode }) {
    const service = await managedService(ctx.db, requireCaller(ctx), serviceName);
    const language = translationLanguage(languageCode);
    const texts = await textsFromWorkbook(file, service, language);
    return previewOf(ctx.db, service, language, texts);
  },

  async SaveServiceLocalizableFields(ctx, { serviceName, languageCode, fields }) {
    const caller = requireCaller(ctx);
    const language = translationLanguage(languageCode);
    const texts: Partial<FieldTexts> = {};
    for (const entry of fields) {
      if (Object.hasOwn(texts, entry.Field)) throw fault(400, 'catalog.duplicateField', { field: entry.Field });
      texts[entry.Field] = entry.Value.trim();
    }
    return ctx.db.transaction(async (tx) => {
      const service = await managedService(tx, caller, serviceName);
      const preview = await previewOf(tx, service, language, texts);
      const changed = Object.fromEntries(preview.Fields.filter((field) => field.Changed).map((field) => [field.Field, field.Updated]));
      await saveTexts(tx, service.id, language, changed);
      await auditIn(tx, ctx, 'ServiceTextsSaved', Number(service.vendor_account_id), { service: service.name, language, fields: Object.keys(changed) });
      return previewOf(tx, service, language, {});
    });
  },
});
