/**
 * A board's cards (schema/board.ts) as the method answers them, and what a card shows that is not drawing:
 * its figure (a number, or an amount in its currency), the lines of a list card, a chart's labels.
 */

/** One value of a chart card. */
export interface BoardPoint {
  Label: string;
  Value: number;
}

/** One line of a list card: an activity (who did what where, when) or a dated item. */
export interface BoardItem {
  Id: number | string;
  At: string;
  Action?: string;
  AccountName?: string | null;
  ActorName?: string | null;
  Text?: string;
  Link?: string | null;
  [field: string]: unknown;
}

export interface BoardCard {
  Id: string;
  Kind: 'count' | 'chart' | 'list';
  Title: string;
  Description: string;
  Link: string | null;
  Count: number;
  Currency?: string;
  Points?: BoardPoint[];
  Items?: BoardItem[];
  /** A button under the card opening one of the app's dialogs (the host supplies them by name). */
  Action?: { Id: string; Kind: 'dialog'; Dialog: string; Label: string };
  /** How a list card writes its lines: the item field shown, a text under it with {{date}}. */
  ItemLine?: { Primary: string; Secondary: string };
}

/** The fields a method's card must answer for the board to draw it (the check reads the method's result). */
export const BOARD_CARD_FIELDS = ['Id', 'Kind', 'Title', 'Description', 'Link', 'Count'] as const;

export interface BoardFormat {
  text: (key: string, values?: Record<string, string | number>) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  money: (value: number, currency: string) => string;
  dateTime: (iso: string) => string;
}

/** The card's figure: a number of items, or an amount in its currency (a bill). */
export const boardFigure = (card: BoardCard, format: BoardFormat): string => (card.Currency ? format.money(card.Count, card.Currency) : format.number(card.Count));

/** A chart's label: `…` is the bar gathering the rest, written with the board's `other` text. */
export const boardPointLabel = (point: BoardPoint, other: string): string => (point.Label === '…' ? other : point.Label);

/**
 * A list card's line: with the card's ItemLine, the field it names above its text (with {{date}}); else an activity:
 * the item's Text (or its Action) above who did it (`noActor` when no one), where (unless that is who) and when.
 */
export function boardItemLine(card: BoardCard, item: BoardItem, format: BoardFormat, noActor: string): { primary: string; secondary: string } {
  if (card.ItemLine) {
    const primary = item[card.ItemLine.Primary];
    return { primary: primary === null || primary === undefined ? '' : String(primary), secondary: format.text(card.ItemLine.Secondary, { date: format.dateTime(item.At) }) };
  }
  const who = item.ActorName ?? noActor;
  const where = item.AccountName === who ? undefined : item.AccountName;
  return { primary: item.Text || item.Action || '', secondary: [who, where, format.dateTime(item.At)].filter(Boolean).join(' · ') };
}
