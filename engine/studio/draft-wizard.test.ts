/** The studio's preview of a wizard draft (issue 22): steps of a kind and review lines in the editor's language, an AccountForm page kept. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { draftViewLayout } from './draft-layout';
import { draftWizard } from './draft-wizard';
import type { LayoutJson } from './layout-edit';

const upgrade = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/layouts/wizards/upgrade.json'), 'utf8')) as LayoutJson;
const serverTexts = { 'wizards.upgrade.product': 'Produkt', 'wizards.upgrade.modifiesExisting': 'Ergänzt das vorhandene', 'wizards.summary': 'Zusammenfassung' };

describe('a wizard draft in the preview', () => {
  it("translates a ChooseRow step's columns, an AccountForm's title and the review lines; a draft's own text wins", () => {
    const draft: LayoutJson = { ...upgrade, Texts: { de: { 'wizards.upgrade.current': 'Jetzt {product}' } } };
    const wizard = draftWizard(draft, { Generic: null, ServerTexts: serverTexts }, 'de')!;
    const [choose, form] = wizard.Steps ?? [];
    if (choose?.Kind !== 'ChooseRow' || form?.Kind !== 'AccountForm') throw new Error('the steps changed');
    expect(choose.Columns[0].Label).toBe('Produkt');
    expect(choose.Columns[3].Present).toBe('Ergänzt das vorhandene');
    expect(choose.Intro?.Label).toBe('Jetzt {product}');
    expect(wizard.Review?.Title).toBe('Zusammenfassung');
    expect(wizard.Review?.Lines).toHaveLength(6);
    expect(wizard.Calls?.map((call) => call.After)).toEqual(['product', 'values']);
  });

  it('keeps the AccountForm page without containers as a step; another empty page goes', () => {
    const layout = draftViewLayout(upgrade, 'CREATE', undefined, 'en')!;
    expect(layout.Pages.map((page) => page.Name)).toEqual(['product', 'values']);
    const plain = { ...upgrade, Wizard: { ...(upgrade.Wizard as object), Steps: [] } };
    expect(draftViewLayout(plain, 'CREATE', undefined, 'en')!.Pages.map((page) => page.Name)).toEqual(['product']);
  });
});
