/**
 * Edits of the prices grid before they are saved, pure: what a row shows with
 * its edit applied, the bulk changes (pricing rules, margin, rounding), and
 * the UpdateMarketplaceServices entries per pricelist.
 */
import { PRICE_LIMITS } from '../../contract/services/marketplace';
import type { FeeType, PriceRow } from './pricelist-types';

export type PriceField = 'salesPrice' | 'suggestedRetailPrice';

export interface PriceEdit {
  salesPrice?: number;
  suggestedRetailPrice?: number;
  feeType?: string;
  /** Priced again by the pricelist's pricing rules on the server. */
  byRule?: boolean;
  remove?: boolean;
  /** What the user typed into a price cell that is not a valid price: kept and shown until corrected or reverted. */
  refused?: Partial<Record<PriceField, string>>;
}

/** Why a typed price is refused: text keys under pricelists.prices.invalid. */
export type PriceProblem = 'empty' | 'notANumber' | 'negative' | 'tooLarge';

/**
 * A price typed into a cell, checked against the bounds the server's schema
 * holds (PRICE_LIMITS), so a value the grid accepts is one the save accepts.
 * Decimal comma or point; rounded to cents.
 */
export function parsePrice(typed: unknown): { value: number } | { problem: PriceProblem } {
  if (typeof typed === 'number') return checkBounds(typed);
  // Spaces as thousands separators, a decimal comma, the typographic minus (U+2212) as a minus.
  const text = String(typed ?? '').trim().replace(/\s/g, '').replace(',', '.').replace('\u2212', '-');
  if (text === '') return { problem: 'empty' };
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return { problem: 'notANumber' };
  return checkBounds(Number(text));
}

function checkBounds(value: number): { value: number } | { problem: PriceProblem } {
  if (!Number.isFinite(value)) return { problem: 'notANumber' };
  if (value < PRICE_LIMITS.minimum) return { problem: 'negative' };
  if (value > PRICE_LIMITS.maximum) return { problem: 'tooLarge' };
  return { value: cents(value) };
}

/** The edit after a value was typed into a price cell: the price, or the refused text beside the earlier edit. */
export function typedPrice(current: PriceEdit, field: PriceField, typed: unknown): PriceEdit {
  const parsed = parsePrice(typed);
  const { [field]: _dropped, ...otherRefused } = current.refused ?? {};
  const refused = 'problem' in parsed ? { ...otherRefused, [field]: String(typed ?? '') } : otherRefused;
  const next: PriceEdit = { ...current, refused: Object.keys(refused).length > 0 ? refused : undefined };
  if ('value' in parsed) Object.assign(next, { [field]: parsed.value, byRule: false });
  if (!next.refused) delete next.refused;
  return next;
}

/** The edit without the refused text of one cell (reverted), or undefined when nothing else was edited. */
export function revertRefused(current: PriceEdit, field: PriceField): PriceEdit | undefined {
  const { [field]: _dropped, ...refused } = current.refused ?? {};
  const next: PriceEdit = { ...current, refused };
  if (Object.keys(refused).length === 0) delete next.refused;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** Edits holding a refused value: the save waits until none is left. */
export const refusedCells = (edits: ReadonlyMap<string, PriceEdit>) =>
  [...edits].flatMap(([rowId, edit]) => Object.entries(edit.refused ?? {}).map(([field, text]) => ({ rowId, field: field as PriceField, text: text ?? '' })));

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
