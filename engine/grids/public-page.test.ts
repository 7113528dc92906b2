/**
 * Public pages (screen-definitions/screens/status.json): a public address as a data source and its
 * strict check, a definition for anyone that may call only what answers without a session, and
 * the record page's parts such a page uses — a state as a notice, a list value's lines with chips,
 * dates in a text, values for an unanswered call.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublicAddressPath } from './addresses';
import { checkDefinition } from './check-definition';
import type { RecordBlockDefinition, ScreenDefinition } from './definition-schema';
import { itemLines, namedValues, recordPageModel, stateNotice } from './record-page';

const status = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/status.json'), 'utf8')) as ScreenDefinition;
const copy = () => JSON.parse(JSON.stringify(status)) as ScreenDefinition;
const translate = (key: string, values?: Record<string, string | number>) => (values ? `<${key}:${JSON.stringify(values)}>` : `<${key}>`);
const problems = (definition: ScreenDefinition) => checkDefinition(definition, 'status').map((problem) => `${problem.path} ${problem.reason}`);
const blocks = status.recordPage!.sections[0].blocks;
const block = <K extends RecordBlockDefinition['kind']>(kind: K) => blocks.find((entry) => entry.kind === kind) as Extract<RecordBlockDefinition, { kind: K }>;

describe('public addresses', () => {
  it('are paths of this origin only', () => {
    for (const path of ['/status.json', '/v/health.json', '/a_b-c/d.e']) expect(isPublicAddressPath(path), path).toBe(true);
    for (const path of ['status.json', 'https://evil.example/x.json', '//evil.example/x', '/../secret', '/a/../b', '/x?y=1', '/x#y', '/', '/a//b', '/a\\b', `/${'a'.repeat(200)}`]) {
      expect(isPublicAddressPath(path), path).toBe(false);
    }
  });
});

describe('a page for anyone: the checker', { timeout: 120_000 }, () => {
  it('accepts the shipped status page', () => {
    expect(problems(status)).toEqual([]);
  });

  it('refuses an address of another site, capabilities beside anyone, and a method that needs a session', () => {
    const other = copy();
    other.recordPage!.load.method = 'https://evil.example/status.json';
    expect(problems(other)).toEqual([expect.stringMatching(/^\$\.recordPage\.load\.method .*not a path of the portal/)]);

    const withCapability = copy();
    withCapability.access = { anyone: true, anyOf: [{ objectType: 'MARKETPLACE', flag: 'Read' }] };
    expect(problems(withCapability)).toEqual(['$.access.anyone a page for anyone asks for no capability: drop anyOf and allOf']);

    const signedIn = copy();
    signedIn.recordPage!.load = { service: 'Authorization', method: 'GetCurrentUser' };
    expect(problems(signedIn)).toContain('$.recordPage.load a page for anyone (access.anyone) calls only public methods or public addresses: Authorization/GetCurrentUser needs a session');
    // The same page for signed-in users may call it.
    signedIn.access = {};
    expect(problems(signedIn).filter((problem) => problem.includes('anyone'))).toEqual([]);
  });

  it('refuses coloured values that are not values of their kind, and a record page without header or page', () => {
    const wrong = copy();
    const sections = wrong.recordPage!.sections;
    const state = sections[0].blocks.find((entry) => entry.kind === 'state') as Extract<RecordBlockDefinition, { kind: 'state' }>;
    state.severities = { ...state.severities, broken: 'error' };
    const items = sections[0].blocks.find((entry) => entry.kind === 'items') as Extract<RecordBlockDefinition, { kind: 'items' }>;
    items.chip!.colors = { ...items.chip!.colors, sleeping: 'info' };
    delete wrong.page;
    expect(problems(wrong)).toEqual([
      '$.recordPage.header a record page without a header needs a page (its heading is the title) or a title on its first section',
      '$.recordPage.sections[0].blocks[0].severities.broken "broken" is not a value of the kind "portalState" (contract/value-kinds.ts)',
      '$.recordPage.sections[0].blocks[3].chip.colors.sleeping "sleeping" is not a value of the kind "componentState" (contract/value-kinds.ts)',
    ]);
  });
});

describe('a page for anyone: what it draws', () => {
  const report = {
    status: 'degraded',
    components: [
      { id: 'api', status: 'up' },
      { id: 'database', status: 'down' },
      { id: 'unknown-part', status: 'sleeping' },
      'not an entry',
      { status: 'up' },
    ],
    maintenance: { mode: 'scheduled', startsAt: '2026-12-01T22:00:00.000Z' },
    checkedAt: '2026-11-29T10:15:00.000Z',
  };

  it('has no header: the page\'s heading is the title', () => {
    expect(recordPageModel(status, [], {})?.header).toBeUndefined();
  });

  it('shows the whole state in its words and colour, nothing while it is empty', () => {
    expect(stateNotice(block('state'), report, translate)).toEqual({ value: 'degraded', text: '<statusPage.overall.degraded>', severity: 'warning' });
    expect(stateNotice(block('state'), { status: 'down' }, translate)).toMatchObject({ severity: 'error' });
    expect(stateNotice(block('state'), {}, translate)).toBeUndefined();
  });

  it('draws a line per entry with its words, a second line and a coloured chip; entries without a key are left out', () => {
    expect(itemLines(block('items'), report, translate)).toEqual([
      { key: 'api', primary: '<statusPage.component.api>', secondary: '<statusPage.about.api>', chip: { value: 'up', label: '<statusPage.state.up>', color: 'success' } },
      { key: 'database', primary: '<statusPage.component.database>', secondary: '<statusPage.about.database>', chip: { value: 'down', label: '<statusPage.state.down>', color: 'error' } },
      // A value the kind does not know is shown as it is, its chip in the default colour.
      { key: 'unknown-part', primary: 'unknown-part', secondary: 'unknown-part', chip: { value: 'sleeping', label: 'sleeping', color: 'default' } },
    ]);
    expect(itemLines(block('items'), { status: 'down' }, translate)).toEqual([]);
  });

  it('formats a date a text names in the user\'s format', () => {
    const note = blocks.find((entry) => entry.kind === 'note' && entry.id === 'maintenance') as Extract<RecordBlockDefinition, { kind: 'note' }>;
    const { when } = namedValues(note.values, report, 'en-GB', translate);
    expect(when).toMatch(/^1 Dec 2026, \d\d:00$/);
    expect(namedValues({ name: 'status' }, report)).toEqual({ name: 'degraded' });
  });
});
