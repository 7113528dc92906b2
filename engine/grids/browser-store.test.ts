/**
 * Data kept in the browser (consent.json on /consent/:usercentricsServiceId): the BrowserStore pseudo-service and
 * its check, the record page's actions block (a call, a way on only to a path of the app, a reload) and a state's
 * words with the values they name.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserStoreCall, browserStoreProblem } from './browser-stores';
import { checkDefinition } from './check-definition';
import type { RecordBlockDefinition, ScreenDefinition } from './definition-schema';
import { formTarget } from './form';
import { shownButtons, stateNotice } from './record-page';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const consent = read('consent');
const copy = () => JSON.parse(JSON.stringify(consent)) as ScreenDefinition;
const problems = (definition: ScreenDefinition) => checkDefinition(definition, 'consent').map((problem) => `${problem.path} ${problem.reason}`);
const blocks = () => consent.recordPage!.sections[0].blocks;
const block = <K extends RecordBlockDefinition['kind']>(kind: K) => blocks().find((entry) => entry.kind === kind) as Extract<RecordBlockDefinition, { kind: K }>;
const translate = (key: string, values?: Record<string, string | number>) => (values ? `<${key}:${JSON.stringify(values)}>` : `<${key}>`);

describe('browser stores', () => {
  it('name a store of contract/browser-stores.ts and read or write', () => {
    expect(browserStoreCall('consent.read')).toEqual({ store: 'consent', operation: 'read' });
    expect(browserStoreCall('consent.write')).toEqual({ store: 'consent', operation: 'write' });
    for (const method of ['consent', 'consent.delete', 'cookies.read', 'consent.read.x', '']) {
      expect(browserStoreCall(method), method).toBeUndefined();
      expect(browserStoreProblem(method)).toMatch(/is not a browser store's operation/);
    }
  });
});

describe('the consent page: the checker', { timeout: 120_000 }, () => {
  it('accepts the shipped definition (a page for anyone may use a browser store)', () => {
    expect(problems(consent)).toEqual([]);
  });

  it('refuses an unknown store, a parameter the store does not take, and a button doing two things or none', () => {
    const wrong = copy();
    wrong.recordPage!.load.method = 'cookies.read';
    const actions = wrong.recordPage!.sections[0].blocks.find((entry) => entry.kind === 'actions') as Extract<RecordBlockDefinition, { kind: 'actions' }>;
    actions.buttons[1].call!.params = { accountId: { context: 'accountId' } };
    actions.buttons[0].reload = true;
    delete actions.buttons[1].call;
    actions.buttons.push({ id: 'accept', label: 'shell.consent.accept', call: { service: 'BrowserStore', method: 'consent.write', params: { accountId: { context: 'x' } } } });
    expect(problems(wrong)).toEqual([
      expect.stringMatching(/^\$\.recordPage\.load\.method "cookies\.read" is not a browser store's operation/),
      '$.recordPage.sections[0].blocks[4].buttons[0] a button needs exactly one of call, go and reload (it has go, reload)',
      '$.recordPage.sections[0].blocks[4].buttons[1] a button needs exactly one of call, go and reload (it has none)',
      '$.recordPage.sections[0].blocks[4].buttons[2].call.params.accountId parameter "accountId" is not one the browser store consent takes (it takes: serviceId)',
      '$.recordPage.sections[0].blocks[4].buttons[2].id id "accept" appears twice on the page',
    ]);
  });
});

describe('the consent page: its parts', () => {
  it('says whether the service is accepted, with the date in the words', () => {
    const state = block('state');
    expect(stateNotice(state, { State: 'open' }, translate)).toEqual({ value: 'open', text: '<shell.consent.state.open:{"date":""}>', severity: 'info' });
    const accepted = stateNotice(state, { State: 'accepted', AcceptedAt: '2026-11-29T10:00:00Z' }, translate, 'en-GB');
    expect(accepted?.severity).toBe('success');
    expect(accepted?.text).toMatch(/^<shell\.consent\.state\.accepted:\{"date":".*2026.*"\}>$/);
    expect(stateNotice(state, { State: null }, translate)).toBeUndefined();
  });

  it('offers continue only with a redirect, and accept only while not accepted', () => {
    const actions = block('actions');
    const ids = (values: Record<string, unknown>, context: Record<string, string>) => shownButtons(actions, values, context, []).map((button) => button.id);
    expect(ids({ State: 'open' }, {})).toEqual(['accept']);
    expect(ids({ State: 'open' }, { redirect: '/' })).toEqual(['continue', 'accept']);
    expect(ids({ State: 'accepted' }, { redirect: '/' })).toEqual(['continue']);
  });

  it('continues only to a path of the app (no open redirect)', () => {
    const go = block('actions').buttons[0].go;
    expect(formTarget(go, { redirect: '/orders' })).toEqual({ path: '/orders' });
    expect(formTarget(go, { redirect: '#/Dashboard' })).toEqual({ href: '/#/Dashboard' });
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example']) expect(formTarget(go, { redirect: evil })).toEqual({ path: '/' });
  });
});
