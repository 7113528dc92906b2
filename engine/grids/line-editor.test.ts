/** The quote's lines as the definition says: rules with their reasons, hidden cells, computed totals per group, entries only when complete, and the checker's refusals. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { chooseOption, lineEditorModel, lineEntries, lineGroups, lineProblems, newLine, shownLine, typeInLine, type EditorLine } from './line-editor';

const definition = JSON.parse(readFileSync(new URL('../../screen-definitions/screens/quote-editor.json', import.meta.url), 'utf8')) as ScreenDefinition;
const seller = [{ ObjectType: 'QUOTATION_TOOL', Read: true, Create: true, Execute: true, Delete: false }] as unknown as Capability[];
const reader = [{ ObjectType: 'QUOTATION_TOOL', Read: true, Create: false, Execute: false, Delete: false }] as unknown as Capability[];
const model = lineEditorModel(definition, seller)!;
const context = { customerId: 7, currency: 'GBP' };
const backup = { ProductName: 'Cloud Backup 500 GB', UnitPrice: 10, FeeType: 'monthly', PeriodMonths: 1, SetupFee: 0, VendorName: 'Acme' };
const setup = { ProductName: 'Onboarding', UnitPrice: 250, FeeType: 'one-time', PeriodMonths: 1, SetupFee: 0 };

let keys = 0;
const line = (option: Record<string, unknown>, ...typed: [string, string][]): EditorLine =>
  typed.reduce((current, [field, text]) => typeInLine(model, current, field, text), newLine(model, ++keys, option));

describe('line editor', () => {
  it('who may change the lines is the definition\'s', () => {
    expect(model.mayEdit).toBe(true);
    expect(lineEditorModel(definition, reader)!.mayEdit).toBe(false);
  });

  it('a chosen product fills its price and fee type; a new line has the definition\'s values', () => {
    const chosen = newLine(model, 1, backup);
    expect(chosen.values).toMatchObject({ ProductName: 'Cloud Backup 500 GB', UnitPrice: 10, FeeType: 'monthly', Quantity: 1, DiscountPercent: 0, CommitmentPeriod: 'annual' });
    expect(chooseOption(model, chosen, null).values).toMatchObject({ ProductName: null, UnitPrice: null });
  });

  it('keeps a refused value as typed with the column\'s own reason, and sends nothing until it is fixed', () => {
    const wrong = line(backup, ['DiscountPercent', '150'], ['Quantity', '0']);
    expect(wrong.refused?.DiscountPercent.text).toBe('150');
    expect(lineProblems(model, wrong)).toEqual({ DiscountPercent: 'tooLarge', Quantity: 'tooSmall' });
    expect(definition.columns.find((column) => column.field === 'DiscountPercent')!.editable!.messages!.tooLarge).toBe('quotes.lines.discountRange');
    expect(lineEntries(model, [wrong], context)).toBeUndefined();
    const fixed = typeInLine(model, typeInLine(model, wrong, 'DiscountPercent', '12,5'), 'Quantity', '3');
    expect(lineProblems(model, fixed)).toEqual({});
    expect(lineEntries(model, [fixed], context)).toEqual([
      { ProductName: 'Cloud Backup 500 GB', Quantity: 3, UnitPrice: 10, DiscountPercent: 12.5, CommitmentPeriod: 'annual', CommitmentMonths: null },
    ]);
  });

  it('months are asked, checked and sent only for an other commitment', () => {
    const hidden = line(backup, ['CommitmentMonths', '500']);
    expect(lineProblems(model, hidden)).toEqual({});
    const other = typeInLine(model, hidden, 'CommitmentPeriod', 'other');
    expect(lineProblems(model, other)).toEqual({ CommitmentMonths: 'tooLarge' });
    const months = typeInLine(model, other, 'CommitmentMonths', '24');
    expect(lineEntries(model, [months], context)![0]).toMatchObject({ CommitmentPeriod: 'other', CommitmentMonths: 24 });
  });

  it('a line without its product is not sent yet', () => {
    expect(lineEntries(model, [newLine(model, 99)], context)).toBeUndefined();
    expect(lineEntries(model, [], context)).toEqual([]);
  });

  it('computes each line\'s total and a subtotal per fee type, in the order the groups appear', () => {
    const lines = [line(backup, ['Quantity', '3'], ['DiscountPercent', '10']), line(setup), line(backup, ['Quantity', '2'])];
    const shown = lines.map((entry) => shownLine(model, entry, context));
    expect(shown.map((row) => row.LineTotal)).toEqual([27, 250, 20]);
    expect(shown[0].Currency).toBe('GBP');
    const groups = lineGroups(model, shown);
    expect(groups.map((group) => [group.value, group.indexes, group.footer?.LineTotal])).toEqual([
      ['monthly', [0, 2], 47],
      ['one-time', [1], 250],
    ]);
    expect(groups[0].footer?.Currency).toBe('GBP');
  });

  it('the checker refuses a lineEditor naming what is not there', () => {
    expect(checkDefinition(definition, 'quote-editor')).toEqual([]);
    const broken = structuredClone(definition) as ScreenDefinition & { lineEditor: NonNullable<ScreenDefinition['lineEditor']> };
    broken.lineEditor.lookup.fill = { UnitPrice: 'UnitPrice', Nope: 'X' };
    broken.lineEditor.shownWhen = { CommitmentMonths: { field: 'CommitmentMonths', in: ['other'] } };
    broken.lineEditor.entry = { ProductName: '$Missing' };
    broken.lineEditor.lookup.params = { notAParam: { context: 'customerId' } };
    const reasons = checkDefinition(broken, 'quote-editor').map((problem) => `${problem.path}: ${problem.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"Nope" is not a column'),
        expect.stringContaining('cannot be shown by its own value'),
        expect.stringContaining('"Missing" is not a column'),
        expect.stringContaining('"notAParam" is not a parameter'),
      ]),
    );
  }, 30_000);
});
