/**
 * The service groups tool (Metadata): a vendor's services grouped, the
 * priceable items pricing rules can target, and the groups edited offline in
 * Excel. An upload is checked row by row; if any row is wrong nothing is saved
 * and every error names its row and column.
 */
import { PRICEABLE_ITEMS, priceItemsOfService } from '../../pricing/priceable-items';
import { tableWorkbook, workbookBytes } from '../../business/spreadsheet';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { assertAccountsInScope } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { downloadFileName } from '../../files/download-name';
import { fault } from '../../fault';
import { callerOrganisation } from '../billing/allowed-services';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn } from './audit';
import { markWorkbook, readUploadedWorkbook } from './excel-files';

/** Longest service group name (the catalogue's ServiceGroupName). */
export const SERVICE_GROUP_MAX_LENGTH = 256;

interface GroupServiceRow {
  name: string;
  display_name: string;
  service_group: string;
  fee_type: string;
  base_fee: number;
  purchase_price: number;
  suggested_retail_price: number;
  vendor_account_id: number;
}

const itemsOf = (row: GroupServiceRow) =>
  priceItemsOfService({
    vendorAccountId: Number(row.vendor_account_id),
    serviceGroup: row.service_group,
    feeType: row.fee_type,
    baseFee: Number(row.base_fee),
    purchasePrice: Number(row.purchase_price),
    suggestedRetailPrice: Number(row.suggested_retail_price),
  }).map((item) => item.priceableItem);

/** The vendor a call is about: the one named (a Vendor within reach) or the caller's own organisation. */
async function vendorOf(ctx: ServiceContext, vendorAccountId: number | null | undefined): Promise<{ id: number; name: string }> {
  const caller = requireCaller(ctx);
  const id = vendorAccountId ?? (await callerOrganisation(ctx.db, caller)).id;
  await assertAccountsInScope(ctx.db, caller, [id]);
  const vendor = await ctx.db.one<{ id: number; display_name: string; account_type: string }>('SELECT id, display_name, account_type FROM accounts WHERE id = $1', [id]);
  if (!vendor || vendor.account_type !== 'Vendor') throw fault(400, 'catalog.notAVendor', { id });
  return { id: Number(vendor.id), name: vendor.display_name };
}

function vendorServices(db: Queryable, vendorId: number, groups?: readonly string[] | null): Promise<GroupServiceRow[]> {
  return db.query<GroupServiceRow>(
    `SELECT name, display_name, service_group, fee_type, base_fee, purchase_price, suggested_retail_price, vendor_account_id
       FROM services WHERE vendor_account_id = $1 AND ($2::text[] IS NULL OR service_group = ANY($2::text[]))
      ORDER BY lower(service_group), lower(display_name), id`,
    [vendorId, groups?.length ? groups : null],
  );
}

function groupsSheetColumns(ctx: ServiceContext) {
  return [
    { header: ctx.t('catalog.excel.service'), key: 'name', width: 44 },
    { header: ctx.t('catalog.excel.displayName'), key: 'displayName', width: 44 },
    { header: ctx.t('catalog.excel.serviceGroup'), key: 'group', width: 32 },
  ];
}

interface RowError {
  Row: number;
  Column: string;
  Message: string;
}

export const serviceGroupHandlers = defineHandlers('Metadata', {
  async GetServiceGroupMetadata(ctx, { inputDto }) {
    const vendor = await vendorOf(ctx, inputDto.VendorAccountId);
    const name = inputDto.ServiceGroupName?.trim();
    const rows = await vendorServices(ctx.db, vendor.id, name ? [name] : null);
    const groups = new Map<string, { Name: string; Services: { Name: string; DisplayName: string; FeeType: string; PriceableItems: string[] }[] }>();
    for (const row of rows) {
      const group = groups.get(row.service_group) ?? { Name: row.service_group, Services: [] };
      group.Services.push({ Name: row.name, DisplayName: row.display_name, FeeType: row.fee_type, PriceableItems: itemsOf(row) });
      groups.set(row.service_group, group);
    }
    return { VendorAccountId: vendor.id, VendorName: vendor.name, ServiceGroups: [...groups.values()] };
  },

  async GetPriceableItemsMetadata(ctx, { inputDto }) {
    const vendor = await vendorOf(ctx, undefined);
    const serviceName = inputDto.ServiceName?.trim();
    const groupName = inputDto.ServiceGroupName?.trim();
    let rows = await vendorServices(ctx.db, vendor.id, groupName ? [groupName] : null);
    if (serviceName) {
      rows = rows.filter((row) => row.name === serviceName || row.display_name === serviceName);
      if (rows.length === 0) throw fault(404, 'catalog.unknownService', { name: serviceName });
    }
    const counts = new Map<string, number>(PRICEABLE_ITEMS.map((item) => [item, 0]));
    for (const row of rows) for (const item of itemsOf(row)) counts.set(item, (counts.get(item) ?? 0) + 1);
    const everything = !serviceName && !groupName;
    return {
      PriceableItems: [...counts]
        .filter(([, count]) => everything || count > 0)
        .map(([Name, ServicesCount]) => ({ Name, ServicesCount })),
    };
  },

  async DownloadServiceGroupExcel(ctx, { inputDto }) {
    const vendor = await vendorOf(ctx, undefined);
    const rows = await vendorServices(ctx.db, vendor.id, inputDto.ServiceGroupNames);
    const { workbook, sheet } = tableWorkbook(ctx.t('catalog.excel.groupsSheet'), groupsSheetColumns(ctx));
    markWorkbook(workbook, 'serviceGroups', String(vendor.id));
    for (const row of rows) sheet.addRow({ name: row.name, displayName: row.display_name, group: row.service_group });
    return {
      FileName: downloadFileName(`service-groups-${vendor.name}`, 'xlsx'),
      ContentType: XLSX_CONTENT_TYPE,
      Content: (await workbookBytes(workbook)).toString('base64'),
    };
  },

  async UploadServiceGroupExcel(ctx, { inputDto }) {
    const vendor = await vendorOf(ctx, undefined);
    const { rows } = await readUploadedWorkbook(inputDto.File, 'serviceGroups', inputDto.FileName);
    const [header = [], ...body] = rows;
    const headers = groupsSheetColumns(ctx).map((column) => column.header);
    if (header.filter(Boolean).length < 3) throw fault(400, 'catalog.fileFormatNotSupported');
    const column = (index: number) => `${'ABC'[index]} (${headers[index]})`;

    const owned = new Map((await vendorServices(ctx.db, vendor.id)).map((row) => [row.name, row]));
    const errors: RowError[] = [];
    const seen = new Map<string, number>();
    const changes: { name: string; group: string }[] = [];
    let unchanged = 0;
    body.forEach((cells, index) => {
      const rowNumber = index + 2;
      if (!cells.some(Boolean)) return;
      const [name = '', , group = ''] = cells;
      const fail = (columnIndex: number, key: Parameters<ServiceContext['t']>[0], values: Record<string, string | number> = {}) =>
        errors.push({ Row: rowNumber, Column: column(columnIndex), Message: ctx.t(key, values) });
      const service = owned.get(name);
      if (!name) fail(0, 'catalog.row.serviceRequired');
      else if (!service) fail(0, 'catalog.row.unknownService', { name });
      else if (seen.has(name)) fail(0, 'catalog.row.duplicateService', { name, row: seen.get(name)! });
      if (name) seen.set(name, seen.get(name) ?? rowNumber);
      if (!group) fail(2, 'catalog.row.groupRequired');
      else if (group.length > SERVICE_GROUP_MAX_LENGTH) fail(2, 'catalog.row.groupTooLong', { max: SERVICE_GROUP_MAX_LENGTH });
      if (service && group && group.length <= SERVICE_GROUP_MAX_LENGTH) {
        if (service.service_group === group) unchanged += 1;
        else changes.push({ name, group });
      }
    });
    if (errors.length) return { Saved: false, UpdatedCount: 0, UnchangedCount: 0, Errors: errors };
    if (changes.length) {
      await ctx.db.transaction(async (tx) => {
        for (const change of changes) {
          await tx.query('UPDATE services SET service_group = $1, modified_at = now() WHERE vendor_account_id = $2 AND name = $3', [change.group, vendor.id, change.name]);
        }
        await auditIn(tx, ctx, 'ServiceGroupsUploaded', vendor.id, { file: inputDto.FileName, updated: changes.length });
      });
    }
    return { Saved: true, UpdatedCount: changes.length, UnchangedCount: unchanged, Errors: [] };
  },
});
