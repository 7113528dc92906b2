import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { LayoutNoticeDefinition, ScreenDefinition } from './definition-schema';
import { createdRoute, layoutCreateState, layoutCreateTitle, layoutCreateViews, noticeShown, type NoticeFormat } from './layout-create';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const definition = read('account-create');
const part = definition.layoutCreate!;
const reasons = (given: unknown) => checkDefinition(given, 'account-create').map((problem) => `${problem.path}: ${problem.reason}`);
const kinds = [
  { AccountType: 'User', Segment: 'user', Label: 'User', MayCreate: true },
  { AccountType: 'Product', Segment: 'service', Label: 'Subscription', MayCreate: true },
  { AccountType: 'Partner', Segment: 'partner', Label: 'Partner', MayCreate: false },
];
const notice = (id: string) => part.notices!.find((entry) => entry.id === id) as LayoutNoticeDefinition;
const format: NoticeFormat = {
  text: (ref, values) => `${typeof ref === 'string' ? ref : ref.en}${values ? JSON.stringify(values) : ''}`,
  money: (amount, currency) => `${currency} ${amount.toFixed(2)}`,
  kindLabel: (kind, value) => `${kind}:${value}`,
};

describe('layout create: the kind, the parent and the variant', () => {
  it('finds the kind by its segment, with the route\'s parent before the company and the organisation', () => {
    const state = layoutCreateState(part, kinds, { accountType: 'user', parentId: '42', companyId: '7', accountId: '9' });
    expect(state).toMatchObject({ state: 'found', kind: 'User', kindLabel: 'User', parentId: 42, choosing: false });
    expect(state.state === 'found' && state.context).toMatchObject({ type: 'User', parentAccountId: 42 });
    expect(layoutCreateState(part, kinds, { accountType: 'user', companyId: '7', accountId: '9' })).toMatchObject({ parentId: 7 });
    expect(layoutCreateState(part, kinds, { accountType: 'user', accountId: '9' })).toMatchObject({ parentId: 9 });
  });

  it('is not found for an unknown kind, one the user may not create, or a parent that is no account id', () => {
    expect(layoutCreateState(part, kinds, { accountType: 'robot', companyId: '7' })).toEqual({ state: 'notFound' });
    expect(layoutCreateState(part, kinds, { accountType: 'partner', companyId: '7' })).toEqual({ state: 'notFound' });
    expect(layoutCreateState(part, kinds, { accountType: 'user', parentId: 'contoso', companyId: '7' })).toEqual({ state: 'notFound' });
    expect(layoutCreateState(part, kinds, { accountType: 'user', parentId: '007' })).toEqual({ state: 'notFound' });
    expect(layoutCreateState(part, kinds, {})).toEqual({ state: 'notFound' });
  });

  it('asks for the variant first for the kinds that have one, and drops it for the others', () => {
    expect(layoutCreateState(part, kinds, { accountType: 'service', companyId: '7' })).toMatchObject({ kind: 'Product', choosing: true, variant: undefined });
    const chosen = layoutCreateState(part, kinds, { accountType: 'service', companyId: '7', product: 'Cloud Backup' });
    expect(chosen).toMatchObject({ choosing: false, variant: 'Cloud Backup' });
    expect(chosen.state === 'found' && chosen.context.product).toBe('Cloud Backup');
    const user = layoutCreateState(part, kinds, { accountType: 'user', companyId: '7', product: 'Cloud Backup' });
    expect(user).toMatchObject({ variant: undefined, choosing: false });
    expect(user.state === 'found' && user.context.product).toBeUndefined();
    expect(layoutCreateViews(part, 'Cloud Backup')).toEqual({ Values: { ProductName: 'Cloud Backup' } });
    expect(layoutCreateViews(part, undefined)).toBeUndefined();
  });

  it('titles the form by the kind\'s own text, else by its label, with the variant after it', () => {
    const text = (ref: unknown, values?: Record<string, string | number>) => (ref === 'account.newOfType' ? `New ${values?.type}` : `text ${String(ref)}`);
    expect(layoutCreateTitle(part, { kind: 'User', kindLabel: 'User' }, text, (key) => key === 'account.new.User')).toBe('text account.new.User');
    expect(layoutCreateTitle(part, { kind: 'Partner', kindLabel: 'Partner' }, text, () => false)).toBe('New Partner');
    expect(layoutCreateTitle(part, { kind: 'Product', kindLabel: 'Subscription', variant: 'Cloud Backup' }, text, (key) => key === 'account.new.Product')).toBe('text account.new.Product: Cloud Backup');
  });

  it('opens the created record\'s route, none without its id', () => {
    expect(createdRoute(part, { AccountId: 77 })).toBe('/account/77');
    expect(createdRoute(part, {})).toBeUndefined();
  });
});

describe('layout create: notices', () => {
  const context = { product: 'Cloud Backup', parentAccountId: 7 };

  it('warns at the limit only, reading the answer\'s values', () => {
    const limit = notice('product-limit');
    expect(noticeShown(limit, { ExistingCount: 2, MaxPerCompany: 2, ProductName: 'Cloud Backup' }, context, format)).toEqual({
      shown: true,
      tone: 'warning',
      icon: true,
      lines: [{ style: 'body', text: 'account.limitReached{"count":2,"max":2,"product":"Cloud Backup"}' }],
    });
    expect(noticeShown(limit, { ExistingCount: 1, MaxPerCompany: 2, ProductName: 'Cloud Backup' }, context, format)).toEqual({ shown: false });
    expect(noticeShown(limit, { ExistingCount: 5, MaxPerCompany: null, ProductName: 'Cloud Backup' }, context, format)).toEqual({ shown: false });
  });

  it('shows the picked row\'s price by its fee type, its billing rule and whose prices they are', () => {
    const price = notice('order-price');
    const row = { DisplayName: 'Cloud Backup', SalesPrice: 12.5, Currency: 'EUR', FeeType: 'base', BaseFee: 20, BaseFeeCurrency: 'EUR', BillingRule: 'Monthly with base fee' };
    const shown = noticeShown(price, { PricelistAccountId: null, Services: [{ DisplayName: 'Other' }, row] }, context, format);
    expect(shown).toEqual({
      shown: true,
      tone: 'info',
      icon: false,
      lines: [
        { style: 'title', text: 'account.order.priceTitle' },
        { id: 'amount', style: 'figure', text: 'availableServices.price.base{"price":"EUR 12.50","baseFee":"EUR 20.00"}' },
        { style: 'caption', text: 'billingRule:Monthly with base fee · availableServices.listPrices' },
      ],
    });
    const other = noticeShown(price, { PricelistAccountId: 3, Services: [{ ...row, FeeType: 'something new' }] }, context, format);
    expect(other.shown && other.lines.map((line) => line.text)).toEqual([
      'account.order.priceTitle',
      'availableServices.price.monthly{"price":"EUR 12.50","baseFee":"EUR 20.00"}',
      'billingRule:Monthly with base fee · availableServices.pricelistPrices',
    ]);
  });

  it('says a service not offered, and nothing while no variant is chosen', () => {
    const price = notice('order-price');
    expect(noticeShown(price, { PricelistAccountId: null, Services: [] }, context, format)).toEqual({
      shown: true,
      tone: 'warning',
      icon: true,
      lines: [{ style: 'body', text: 'account.order.notOffered' }],
    });
    expect(noticeShown(price, { Services: [] }, { parentAccountId: 7 }, format)).toEqual({ shown: false });
  });
});

describe('layout create: checks', () => {
  it('accepts the shipped definition', () => {
    expect(reasons(definition)).toEqual([]);
  });

  it('refuses kind fields that are no columns, unknown methods and parameters, and context values the part never sets', () => {
    const broken = structuredClone(definition);
    const given = broken.layoutCreate!;
    given.kind.allowed = 'MayOrder';
    given.create.valuesParam = 'values';
    given.layout.params = { ...given.layout.params, accountType: { context: 'accountType', type: 'string' } };
    given.parent.load.method = 'LoadAccount';
    expect(reasons(broken)).toEqual(
      expect.arrayContaining([
        '$.layoutCreate.kind.allowed: "MayOrder" is not a column: add it to the columns (hidden) so the kinds are read with it',
        expect.stringMatching(/^\$\.layoutCreate\.create\.valuesParam: valuesParam "values" is not a parameter of the method/),
        '$.layoutCreate.layout.params.accountType.context: "accountType" is none of the values the part sets (type, parentAccountId, product)',
        '$.layoutCreate.parent.load: Account/LoadAccount is not a method of the service catalogue (contract)',
      ]),
    );
  });

  it('refuses notices reading a row they never pick, unknown value kinds, a text chooser without texts, and parts of other screens', () => {
    const broken = structuredClone(definition);
    const [limit, price] = broken.layoutCreate!.notices!;
    limit.lines[0].parts.push({ valueKind: 'nothing', path: 'row.X' });
    price.lines[1].parts[0] = { ...price.lines[1].parts[0], texts: undefined } as never;
    price.id = 'product-limit';
    broken.recordForm = read('notification-preferences').recordForm;
    expect(reasons(broken)).toEqual(
      expect.arrayContaining([
        '$.layoutCreate.notices[0].lines[0].parts[1].valueKind: "nothing" is not a value kind (contract/value-kinds.ts)',
        '$.layoutCreate.notices[0].lines[0].parts[1].path: reads the picked row, but the notice picks none (add pick)',
        '$.layoutCreate.notices[1].lines[1].parts[0]: by and texts go together: the value chooses one of the texts',
        '$.layoutCreate.notices[1].id: id "product-limit" appears twice',
        '$.recordForm: a layout create draws one form: recordForm does not apply',
      ]),
    );
  });
});
