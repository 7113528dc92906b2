/** A board card's figure, chart labels and list lines (engine/grids/board.ts). */
import { describe, expect, it } from 'vitest';
import shipped from '../../screen-definitions/screens/dashboard.json';
import { checkDefinition } from './check-definition';
import { boardFigure, boardItemLine, boardPointLabel, type BoardCard, type BoardFormat } from './board';

const format: BoardFormat = {
  text: (key, values) => `${key}(${JSON.stringify(values ?? {})})`,
  number: (value) => `#${value}`,
  money: (value, currency) => `${value} ${currency}`,
  dateTime: (iso) => iso.slice(0, 10),
};
const card: BoardCard = { Id: 'c', Kind: 'list', Title: 't', Description: 'd', Link: null, Count: 2 };
const item = { Id: 1, At: '2026-11-29T10:00:00Z', Action: 'UserCreated', AccountName: 'Acme', ActorName: 'Ann', Text: 'Ann created a user' };

describe('board cards', () => {
  it('writes the figure as a number, or as money in the card\'s currency', () => {
    expect(boardFigure(card, format)).toBe('#2');
    expect(boardFigure({ ...card, Count: 12.5, Currency: 'EUR' }, format)).toBe('12.5 EUR');
  });

  it('names the bar gathering the rest with the board\'s text', () => {
    expect(boardPointLabel({ Label: '…', Value: 3 }, 'Other')).toBe('Other');
    expect(boardPointLabel({ Label: 'Storage', Value: 3 }, 'Other')).toBe('Storage');
  });

  it('writes an activity: what, then who, where (unless the same) and when; the system when no one did it', () => {
    expect(boardItemLine(card, item, format, 'System')).toEqual({ primary: 'Ann created a user', secondary: 'Ann · Acme · 2026-11-29' });
    expect(boardItemLine(card, { ...item, ActorName: null, Text: '', AccountName: 'System' }, format, 'System')).toEqual({ primary: 'UserCreated', secondary: 'System · 2026-11-29' });
  });

  it('writes a dated item by the card\'s line: the field it names above its text with the date', () => {
    const dated = { ...card, ItemLine: { Primary: 'AccountName', Secondary: 'dashboard.terminationAt' } };
    expect(boardItemLine(dated, { ...item, Text: '' }, format, 'System')).toEqual({ primary: 'Acme', secondary: 'dashboard.terminationAt({"date":"2026-11-29"})' });
  });
});

describe('the board check', () => {
  it('accepts the shipped start page', () => {
    expect(checkDefinition(shipped, 'dashboard')).toEqual([]);
  });

  it('refuses rows that are no cards, paging that is not the whole answer, and parts of other screens', () => {
    const reasons = (changed: object) => checkDefinition({ ...shipped, ...changed }, 'dashboard').map((problem) => problem.reason);
    expect(reasons({ dataSource: { ...shipped.dataSource, service: 'Reporting', method: 'ListReports', paging: { mode: 'client' } } })).toEqual([
      "the method's rows are not cards: they lack Kind, Link, Count",
    ]);
    expect(reasons({ dataSource: { ...shipped.dataSource, paging: { mode: 'offset', offsetParam: 'offset', limitParam: 'limit', rowsPath: 'Cards' } } })).toEqual(
      expect.arrayContaining(['a board draws every card of one call: it needs client paging']),
    );
    expect(reasons({ actions: [] })).toEqual(['a board draws its cards: actions does not apply']);
    expect(reasons({ page: { ...shipped.page, hintValues: { title: 'nowhere' } } })).toEqual([
      '"nowhere" is neither a value the record gives, one the data source binds nor one the host gives',
    ]);
  });
});
