/** Shapes the quotation tool's calls answer (see src/contract/services/quotes.ts). */
export type Commitment = '1-month' | 'annual' | '3-year' | 'other';
export const COMMITMENTS: readonly Commitment[] = ['1-month', 'annual', '3-year', 'other'];

export interface QuoteProductOption {
  ServiceId: number;
  Name: string;
  ProductName: string;
  VendorName: string;
  Category: string;
  FeeType: string;
  BillingRule: string;
  PeriodMonths: number;
  UnitPrice: number;
  SetupFee: number;
  Currency: string;
  BoughtTogetherBy?: number;
}

export interface CustomerOption {
  AccountId: number;
  DisplayName: string;
  AccountIdentificator: string | null;
  Currency: string | null;
}

/** One line as the editor holds it (texts as typed). */
export interface EditorLine {
  key: number;
  productName: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  commitment: Commitment;
  months: string;
}

export interface QuoteOrder {
  Path: 'Direct' | 'CreditCheck';
  ProvisioningRequestIds: number[];
  ProductAccountIds: number[];
  CreditCheckOrderIds: number[];
}

/** A decimal as typed, with a comma or a point; NaN when it is not a number. */
export const parseDecimal = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/** The fields of a line as typed and the text key saying what each one allows, when what was typed breaks it. */
export type LineProblems = Partial<Record<'quantity' | 'unitPrice' | 'discount' | 'months', string>>;

/** What is wrong with a line's typed values (the ranges of the server's QuoteProductSchema), shown at each field. */
export function lineProblems(line: EditorLine): LineProblems {
  const problems: LineProblems = {};
  const quantity = Number(line.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) problems.quantity = 'quotes.lines.quantityInvalid';
  const unitPrice = parseDecimal(line.unitPrice);
  if (Number.isNaN(unitPrice) || unitPrice < 0 || unitPrice > 10_000_000) problems.unitPrice = 'quotes.lines.priceInvalid';
  const discount = line.discount.trim() === '' ? 0 : parseDecimal(line.discount);
  if (Number.isNaN(discount) || discount < 0 || discount > 100) problems.discount = 'quotes.lines.discountRange';
  const months = Number(line.months);
  if (line.commitment === 'other' && (!Number.isInteger(months) || months < 1 || months > 120)) problems.months = 'quotes.lines.monthsInvalid';
  return problems;
}

export const hasProblems = (line: EditorLine) => Object.keys(lineProblems(line)).length > 0;
