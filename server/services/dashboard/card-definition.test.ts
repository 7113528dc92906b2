import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardProblems, readCards } from './card-definition';
import { DATA_SOURCE_NAMES } from './data-sources';

const card = { id: 'x', title: 'dashboard.cards.x.title', description: 'dashboard.cards.x.description', dataSource: 'termsToAccept', link: null, kind: 'count', order: 1 };

describe('dashboard card files', () => {
  it('reads every shipped card, in page order', () => {
    const cards = readCards(DATA_SOURCE_NAMES);
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.map((entry) => entry.order)).toEqual([...cards.map((entry) => entry.order)].sort((a, b) => a - b));
  });

  it('names what is wrong with a card', () => {
    expect(cardProblems(card, DATA_SOURCE_NAMES)).toEqual([]);
    expect(cardProblems({ ...card, dataSource: 'nothing' }, DATA_SOURCE_NAMES)).toEqual(['unknown data source nothing']);
    expect(cardProblems({ ...card, capability: [{ objectType: 'NOPE', flag: 'Read' }] }, DATA_SOURCE_NAMES)).toEqual(['unknown capability NOPE']);
    expect(cardProblems({ ...card, kind: 'pie' }, DATA_SOURCE_NAMES).length).toBeGreaterThan(0);
    expect(cardProblems({ ...card, title: 'Plain English' }, DATA_SOURCE_NAMES).length).toBeGreaterThan(0);
    // An action opens one of the app's dialogs; a line layout is for list cards.
    expect(cardProblems({ ...card, action: { id: 'read', kind: 'dialog', dialog: 'terms', label: 'dashboard.readTerms' } }, DATA_SOURCE_NAMES)).toEqual([]);
    expect(cardProblems({ ...card, action: { id: 'read', kind: 'dialog', dialog: 'nowhere', label: 'dashboard.readTerms' } }, DATA_SOURCE_NAMES).length).toBeGreaterThan(0);
    expect(cardProblems({ ...card, itemLine: { primary: 'AccountName', secondary: 'dashboard.terminationAt' } }, DATA_SOURCE_NAMES)).toEqual(['itemLine is for list cards']);
  });

  it('refuses a folder holding a broken card, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cards-'));
    writeFileSync(join(dir, 'x.json'), JSON.stringify({ ...card, dataSource: 'nothing' }));
    expect(() => readCards(DATA_SOURCE_NAMES, dir)).toThrow(/x\.json: unknown data source/);
  });
});
