/** Answers, chosen rows and form steps of a wizard (issue 22): what calls send and what sentences say. */
import { describe, expect, it } from 'vitest';
import type { WizardChooseRow, WizardLine } from '../../contract/services/wizard-schemas';
import { callAfter, wizardParams, type WizardDefinition } from './wizard';
import { callParams, chosenRow, columnText, emptyScope, fillText, lineText, offeredRows, readPath, resolveParam, showValue, type WizardScope } from './wizard-answers';

const en = { locale: 'en-US' };
const offers = {
  ProductName: 'Standard',
  Quantity: 10,
  SalesPrice: 4.5,
  Currency: 'EUR',
  Products: [
    { ProductName: 'Premium', SalesPrice: 9, Currency: 'EUR', PriceDifference: 4.5, ExistingAccountId: null },
    { ProductName: 'Ultimate', SalesPrice: 3, Currency: 'EUR', PriceDifference: -1.5, ExistingAccountId: 77 },
  ],
};
const process = { UpgradeProcessId: 5, TargetProductName: 'Ultimate', TargetAccountId: 77, Action: 'EDIT', Views: { Values: { Quantity: 12 } }, SourceQuantity: 10 };

const scope = (values: WizardScope['values'] = {}): WizardScope => ({
  ...emptyScope({ accountId: 42 }),
  values,
  answers: { offers, process },
  rows: { TargetProduct: chosenRow(offeredRows(offers, 'Products'), 'ProductName', values.TargetProduct) },
  forms: { values: { Values: { Quantity: 12, Notes: 'x' } } },
});

describe('values of a wizard beyond its fields', () => {
  it('reads dotted paths of answers, and null where a step of the path is missing', () => {
    expect(readPath(process, 'Views.Values.Quantity')).toBe(12);
    expect(readPath(process, 'Views.Missing.Quantity')).toBeUndefined();
    // A number picks a list's item, -1 the last; on anything but a list it is a property name.
    const ancestors = { Hierarchy: [{ AccountId: 1 }, { AccountId: 4 }], Map: { '0': 'zero' } };
    expect(readPath(ancestors, 'Hierarchy.-1.AccountId')).toBe(4);
    expect(readPath(ancestors, 'Hierarchy.0.AccountId')).toBe(1);
    expect(readPath(ancestors, 'Hierarchy.5.AccountId')).toBeUndefined();
    expect(readPath(ancestors, 'Map.0')).toBe('zero');
    expect(callParams({ id: { Answer: 'process', Path: 'UpgradeProcessId' }, none: { Answer: 'process', Path: 'Nothing.Here' }, all: { Answer: 'offers' } }, scope())).toEqual({
      id: 5,
      none: null,
      all: offers,
    });
  });

  it('a Row value is a property of the row whose Value the ChooseRow field holds; none is null', () => {
    expect(resolveParam({ Row: 'TargetProduct', Property: 'ExistingAccountId' }, scope({ TargetProduct: 'Ultimate' }))).toBe(77);
    expect(resolveParam({ Row: 'TargetProduct', Property: 'ExistingAccountId' }, scope({ TargetProduct: 'Premium' }))).toBeNull();
    expect(resolveParam({ Row: 'TargetProduct', Property: 'ExistingAccountId' }, scope({}))).toBeNull();
  });

  it('an Object param builds nested objects from dotted paths over an AccountForm step\'s values', () => {
    const params = { viewValues: { Values: 'values', Object: { 'UpgradeProcess.Variant': { Field: 'Variant' }, 'Values.Quantity': { Value: 3 } } } };
    expect(callParams(params, scope({ Variant: 'Partial' }))).toEqual({ viewValues: { Values: { Quantity: 3, Notes: 'x' }, UpgradeProcess: { Variant: 'Partial' } } });
    // The step's entered values are not changed by the object built over them.
    expect(scope().forms.values.Values.Quantity).toBe(12);
    expect(resolveParam({ Object: { 'A.B': { Context: 'accountId' } } }, scope())).toEqual({ A: { B: 42 } });
  });

  it('the final call reads answers too', () => {
    const wizard: WizardDefinition = {
      Action: { Service: 'Account', Method: 'ExecuteAccountUpgradeProcess', Params: { accountId: { Context: 'accountId' }, upgradeProcessId: { Answer: 'prepared', Path: 'UpgradeProcessId' } } },
      SubmitLabels: [{ Label: 'Go' }],
      Calls: [{ After: 'product', Service: 'Account', Method: 'GetUpgradeProcessValues', Params: {}, Into: 'prepared' }],
    };
    expect(wizardParams(wizard, {}, { accountId: 42 }, { answers: { prepared: process } })).toEqual({ accountId: 42, upgradeProcessId: 5 });
    expect(callAfter(wizard, 'product')?.Into).toBe('prepared');
    expect(callAfter(wizard, 'values')).toBeUndefined();
  });
});

describe('what a wizard shows', () => {
  it('writes money in the row\'s currency, a signed difference, and a presence as its text', () => {
    expect(showValue(4.5, { Format: 'Money' }, 'EUR', en)).toBe('€4.50');
    expect(showValue(4.5, { Format: 'SignedMoney' }, 'EUR', en)).toBe('+€4.50');
    expect(showValue(-1.5, { Format: 'SignedMoney' }, 'EUR', en)).toBe('-€1.50');
    expect(showValue(null, { Format: 'Money' }, 'EUR', en)).toBe('—');
    expect(showValue(77, { Format: 'Presence', Present: 'Adds to it', Absent: 'New' }, undefined, en)).toBe('Adds to it');
    expect(showValue(null, { Format: 'Presence', Present: 'Adds to it', Absent: 'New' }, undefined, en)).toBe('New');
  });

  it('a column reads its property and its currency from the row', () => {
    const step: Pick<WizardChooseRow, 'Columns'> = { Columns: [{ Property: 'PriceDifference', Label: 'Difference', Format: 'SignedMoney', Currency: 'Currency' }] };
    expect(offeredRows(offers, 'Products').map((row) => columnText(step.Columns[0], row, en))).toEqual(['+€4.50', '-€1.50']);
    expect(offeredRows({ Products: 'not a list' }, 'Products')).toEqual([]);
  });

  it('fills a sentence\'s placeholders, hides it while its When on an answer does not hold, and names a field by its text', () => {
    expect(fillText('{a} and {b} and {c}', { a: '1', b: '2' })).toBe('1 and 2 and {c}');
    const modify: WizardLine = {
      Label: 'The existing {product} subscription goes to {quantity} units.',
      When: { Field: 'process.TargetAccountId', IsEmpty: false },
      Params: { product: { Answer: 'process', Path: 'TargetProductName' }, quantity: { Answer: 'process', Path: 'Views.Values.Quantity' } },
    };
    expect(lineText(modify, scope(), en)).toBe('The existing Ultimate subscription goes to 12 units.');
    const created = { ...scope(), answers: { process: { ...process, TargetAccountId: null } } };
    expect(lineText(modify, created, en)).toBeUndefined();
    const variant: WizardLine = { Label: 'Variant: {variant}', When: { Field: 'Variant', Equals: 'Full' }, Params: { variant: { Field: 'Variant' } } };
    expect(lineText(variant, { ...scope({ Variant: 'Full' }), fieldText: (_name, value) => `«${String(value)}»` }, en)).toBe('Variant: «Full»');
    expect(lineText(variant, scope({ Variant: 'Partial' }), en)).toBeUndefined();
    const price: WizardLine = { Label: 'At {price}', Params: { price: { Answer: 'offers', Path: 'SalesPrice', Format: 'Money', Currency: { Answer: 'offers', Path: 'Currency' } } } };
    expect(lineText(price, scope(), en)).toBe('At €4.50');
  });
});
