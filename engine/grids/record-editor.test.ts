/**
 * The record editor's pure parts (engine/grids/record-editor.ts) on the quote editor's definition:
 * a new record's values, what keeps a field from being sent, a lookup's fill, the bodies of the calls,
 * which actions a record's state shows, and the checker refusing what is not there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { editorActionBody, editorEntries, editorFieldProblem, editorFieldsBody, editorFormValues, editorTextValues, fillPath, lookupChoice } from './record-editor';

const definition = JSON.parse(readFileSync(new URL('../../screen-definitions/screens/quote-editor.json', import.meta.url), 'utf8')) as ScreenDefinition;
const editor = definition.recordEditor!;
const field = (id: string) => editor.fields.find((entry) => entry.id === id)!;
const seller = [{ ObjectType: 'QUOTATION_TOOL', Read: true, Create: true, Execute: true, Delete: true }] as unknown as Capability[];
const ids = (entries: ReturnType<typeof editorEntries>) => entries.map((entry) => ('action' in entry ? entry.action.id : `notice:${entry.notice.id}`));

describe('record editor', () => {
  it('a new record is sent once complete: texts trimmed, empty values null, the currency a three-letter code', () => {
    const values = editorFormValues(editor.fields, undefined);
    expect(values).toEqual({ CustomerAccountId: null, Name: '', Currency: '', ValidUntil: '', QuoteGroupId: null, Notes: '' });
    expect(editorFieldsBody(editor.fields, values)).toBeUndefined();
    expect(editorFieldProblem(field('currency'), 'gb')).toBe('pattern');
    const chosen = lookupChoice(field('customer'), editor.fields, { AccountId: 7, DisplayName: 'Contoso Ltd', Currency: 'GBP' }, { ...values, Name: ' Workplace ' });
    expect(chosen).toMatchObject({ CustomerAccountId: 7, CustomerName: 'Contoso Ltd', Currency: 'GBP' });
    // A customer without a valid currency: the field's fallback, or what was typed.
    expect(lookupChoice(field('customer'), editor.fields, { AccountId: 8, DisplayName: 'Other', Currency: null }, values).Currency).toBe('EUR');
    expect(lookupChoice(field('customer'), editor.fields, { AccountId: 8, DisplayName: 'Other', Currency: 'x' }, { ...values, Currency: 'USD' }).Currency).toBe('USD');
    expect(editorFieldsBody(editor.fields, chosen)).toEqual({ CustomerAccountId: 7, Name: 'Workplace', Currency: 'GBP', ValidUntil: null, QuoteGroupId: null, Notes: null });
  });

  it('shows the actions the record\'s state and the user\'s capabilities allow', () => {
    const draft = { Id: 4, Status: 'Draft', IsSeller: true, CanEdit: true, CanRevise: false, CanDecide: false, CanAcceptOnBehalf: false };
    expect(ids(editorEntries(editor, seller, draft, true))).toEqual(['save', 'send', 'pdf', 'delete']);
    expect(ids(editorEntries(editor, seller.map((capability) => ({ ...capability, Delete: false })), draft, true))).toEqual(['save', 'send', 'pdf']);
    expect(ids(editorEntries(editor, seller, {}, true))).toEqual(['save', 'send']);
    const sent = { ...draft, Status: 'Sent', CanEdit: false, CanRevise: true };
    expect(ids(editorEntries(editor, seller, sent, false))).toEqual(['notice:waits-for-customer', 'revise', 'pdf']);
    expect(ids(editorEntries(editor, seller, { ...sent, CanAcceptOnBehalf: true }, false))).toEqual(['accept-on-behalf', 'revise', 'pdf']);
    expect(ids(editorEntries(editor, seller, { ...sent, IsSeller: false, CanRevise: false, CanDecide: true }, false))).toEqual(['accept', 'decline', 'pdf']);
  });

  it('builds the calls\' bodies and texts from the record and the dialog form', () => {
    const action = (id: string) => editor.actions.find((entry) => entry.kind !== 'notice' && entry.id === id) as Parameters<typeof editorActionBody>[0];
    expect(editorActionBody(action('delete'), { Id: 4 }, undefined)).toEqual({ quoteIds: [4] });
    expect(editorActionBody(action('accept-on-behalf'), { Id: 4 }, { confirmation: { ConfirmedBy: 'Jane', Document: null } })).toEqual({ quoteId: 4, confirmation: { ConfirmedBy: 'Jane', Document: null } });
    const order = { Order: { Path: 'Direct', ProductAccountIds: [31, 32], ProvisioningRequestIds: [5, 6] } };
    const direct = editor.notices![1];
    expect(editorTextValues(direct, order, pageFormatting('en'), (key) => key, String)).toEqual({ count: 2, requests: '#5, #6' });
    expect(fillPath(direct.links![0].to, order)).toBe('/account/31/provisioning');
    expect(fillPath(direct.links![0].to, { Order: { ProductAccountIds: [] } })).toBeUndefined();
  });

  it('the checker refuses calls, parameters and values that are not there', () => {
    expect(checkDefinition(definition, 'quote-editor')).toEqual([]);
    const broken = structuredClone(definition);
    const recordEditor = broken.recordEditor!;
    recordEditor.fields[1].field = 'Nmae';
    recordEditor.actions.push({ kind: 'call', id: 'save', label: 'quotes.actions.save', service: 'Quotes', method: 'NoSuchMethod' });
    recordEditor.actions.push({ kind: 'call', id: 'archive', label: 'quotes.actions.save', service: 'Quotes', method: 'AcceptQuote', recordParams: { quoteNumber: 'Id' } });
    const reasons = checkDefinition(broken, 'quote-editor').map((problem) => `${problem.path}: ${problem.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Quotes/NoSuchMethod is not a method'),
        expect.stringContaining('action "save" appears twice'),
        expect.stringContaining('"quoteNumber" is not a parameter'),
        expect.stringContaining('"Nmae" is not a property of CreateQuote\'s quote'),
      ]),
    );
  }, 60_000);
});
