/**
 * Edits of the prices grid before they are saved, pure: what a row shows with
 * its edit applied, the bulk changes (pricing rules, margin, rounding), and
 * the UpdateMarketplaceServices entries per pricelist.
 */
import type { FeeType, PriceRow } from './pricelist-types';

export interface PriceEdit {
  salesPrice?: number;
  suggestedRetailPrice?: number;
  feeType?: string;
  /** Priced again by the pricelist's pricing rules on the server. */
  byRule?: boolean;
  remove?: boolean;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Gross margin in percent of the sales price; null without a sales price. */
export function marginOf(purchasePrice: number, salesPrice: number): number | null {
  return salesPrice > 0 ? cents(((salesPrice - purchasePrice) / salesPrice) * 100) : null;
}

/** The row as it will be after its edit (a rule-priced row keeps its current price until saved). */
export function editedRow(row: PriceRow, edit: PriceEdit | undefined): PriceRow {
  if (!edit) return row;
  const salesPrice = edit.salesPrice ?? row.SalesPrice;
  return {
    ...row,
    SalesPrice: salesPrice,
    SuggestedRetailPrice: edit.suggestedRetailPrice ?? row.SuggestedRetailPrice,
    FeeType: edit.feeType ?? row.FeeType,
    Margin: marginOf(row.PurchasePrice, salesPrice),
  };
}

/** The sales price giving `marginPercent` gross margin on the purchase price. */
export function priceForMargin(purchasePrice: number, marginPercent: number): number {
  return cents(purchasePrice / (1 - marginPercent / 100));
}

/** Rounds up to the next whole amount minus one cent (12.30 → 12.99). */
export function roundToNinetyNine(price: number): number {
  return Math.max(0, Math.ceil(cents(price) + 0.01) - 0.01);
}

export interface ServiceEntry {
  ServiceName: string;
  IsIncluded?: boolean;
  Prices?: { PriceableItem: string; FeeType?: FeeType; SalesPrice: number; SuggestedRetailPrice?: number }[];
}

/** The entries to send, grouped by pricelist. */
export function entriesByPricelist(rows: ReadonlyMap<string, PriceRow>, edits: ReadonlyMap<string, PriceEdit>): Map<number, ServiceEntry[]> {
  const grouped = new Map<number, ServiceEntry[]>();
  for (const [rowId, edit] of edits) {
    const row = rows.get(rowId);
    if (!row) continue;
    let entry: ServiceEntry;
    if (edit.remove) entry = { ServiceName: row.ServiceName, IsIncluded: false };
    else if (edit.byRule && edit.salesPrice === undefined) entry = { ServiceName: row.ServiceName };
    else {
      const after = editedRow(row, edit);
      entry = {
        ServiceName: row.ServiceName,
        Prices: [{ PriceableItem: row.PriceableItem, FeeType: after.FeeType as FeeType, SalesPrice: after.SalesPrice, SuggestedRetailPrice: after.SuggestedRetailPrice }],
      };
    }
    grouped.set(row.MarketplaceId, [...(grouped.get(row.MarketplaceId) ?? []), entry]);
  }
  return grouped;
}
