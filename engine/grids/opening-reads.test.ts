/**
 * openingReads with the shipped definitions: the account page asks for its types once (its tabs and its head's
 * lookup read the same call), a quote editor on a stored quote asks for the quote, one on a new quote nothing.
 */
import { describe, expect, it } from 'vitest';
import accountJson from '../../screen-definitions/screens/account.json';
import quoteEditorJson from '../../screen-definitions/screens/quote-editor.json';
import pricesJson from '../../screen-definitions/screens/prices.json';
import type { ScreenDefinition } from './definition-schema';
import { openingReads } from './opening-reads';

const account = accountJson as unknown as ScreenDefinition;
const quoteEditor = quoteEditorJson as unknown as ScreenDefinition;

describe('openingReads', () => {
  it("asks for the account page's types once, whatever the context holds", () => {
    expect(openingReads(account, { accountId: '30' })).toEqual([{ service: 'Account', method: 'ListAccountTypes', body: {} }]);
    expect(openingReads(account, { accountId: '30', accountType: 'Company' })).toEqual([{ service: 'Account', method: 'ListAccountTypes', body: {} }]);
  });

  it("asks for a stored quote by its number, and nothing for a new one or a number that is not one", () => {
    expect(openingReads(quoteEditor, { quoteId: '41' })).toEqual([{ service: 'Quotes', method: 'LoadQuote', body: { quoteId: 41 } }]);
    expect(openingReads(quoteEditor, { quoteId: 'new' })).toEqual([]);
    expect(openingReads(quoteEditor, {})).toEqual([]);
  });

  it('asks nothing ahead for a grid: its rows are asked for by the rows themselves', () => {
    expect(openingReads(pricesJson as unknown as ScreenDefinition, {})).toEqual([]);
  });
});
