/** Wizard layouts (screen-definitions/layouts/wizards): the shipped ones pass, broken ones name path and rule, and they are served by name. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, loadLayoutCatalogue } from './layout-catalogue';
import { layoutTextLookup } from './layout-texts';
import { resolveWizard } from './resolve-wizard';

const shipped = resolve(import.meta.dirname, '../../screen-definitions/layouts');
const scratch = mkdtempSync(join(tmpdir(), 'wizards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test breaks the file's JSON as it likes
function withTerminate(change: (wizard: any) => void, name = 'terminate') {
  const dir = join(scratch, String(Math.random()).slice(2));
  cpSync(shipped, dir, { recursive: true });
  const file = join(dir, `wizards/${name}.json`);
  const wizard = JSON.parse(readFileSync(file, 'utf8'));
  change(wizard);
  writeFileSync(file, JSON.stringify(wizard));
  return loadLayoutCatalogue([dir]).problems.map(formatProblem);
}

describe('wizard layouts', () => {
  it('the shipped wizards pass and are indexed by name, not as the layout of an account type', () => {
    const { catalogue, problems } = loadLayoutCatalogue([shipped]);
    expect(problems).toEqual([]);
    expect([...catalogue.wizards.keys()]).toEqual(expect.arrayContaining(['wizards/terminate', 'wizards/move']));
    expect(catalogue.generic.has('Account')).toBe(false);
  });

  it('serves a wizard translated, its steps the pages for CREATE', () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const served = resolveWizard(catalogue, 'wizards/terminate', layoutTextLookup('de'));
    expect(served.Layout.Pages.map((page) => page.Name)).toEqual(['details', 'confirm']);
    expect(served.Review).toEqual({ Title: 'Zusammenfassung', Page: 'confirm' });
    expect(served.SubmitLabels.map((entry) => entry.Label)).toEqual(['Kündigung planen', 'Jetzt kündigen']);
    const reason = served.Layout.Pages[0].Containers[0].Fields.find((field) => field.Name === 'Reason');
    expect(reason?.EnumMembers?.find((member) => member.Value === 'TooExpensive')?.DisplayName).toBe('Zu teuer');
    expect(() => resolveWizard(catalogue, 'wizards/none', layoutTextLookup('en'))).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('names an unknown method, a parameter reading no field, a review page that is not last, a label without fallback', () => {
    const problems = withTerminate((wizard) => {
      wizard.Wizard.Action.Method = 'TerminateEverything';
      wizard.Wizard.Action.Params.terminationReason = { Field: 'Why' };
      wizard.Wizard.Review.Page = 'details';
      wizard.Wizard.SubmitLabels.pop();
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('wizards/terminate.json: /Wizard/Action: [knownMethod] Account.TerminateEverything is not a method'),
        expect.stringContaining('/Wizard/Action/Params/terminationReason: [knownField] terminationReason reads unknown field Why'),
        expect.stringContaining('/Wizard/Review/Page: [reviewPageLast]'),
        expect.stringContaining('/Wizard/SubmitLabels/0/When: [fallbackLabel]'),
      ]),
    );
  });

  it('refuses account-type properties, a wizard without CREATE and As Instant on a field that is no DateTime', () => {
    const problems = withTerminate((wizard) => {
      wizard.ParentTypes = ['Company'];
      wizard.Actions = ['EDIT'];
      wizard.Wizard.Action.Params.terminationReason = { Field: 'Reason', As: 'Instant' };
      wizard.Pages[0].Containers[0].Fields[3].DisplayTemplate = 'DateTime';
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/ParentTypes: [notForWizards]'),
        expect.stringContaining('/Actions: [wizardAction]'),
        expect.stringContaining('/Wizard/Action/Params/terminationReason/As: [ruleFitsType]'),
        expect.stringContaining('/Pages/0/Containers/0/Fields/3/DisplayTemplate: [ruleFitsType] DateTime is a template of String fields, not Boolean'),
      ]),
    );
  });

  it('serves the move wizard with its ChooseAccount step', () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const served = resolveWizard(catalogue, 'wizards/move', layoutTextLookup('de'));
    expect(served.Steps?.[0]).toMatchObject({ Page: 'target', Kind: 'ChooseAccount', Field: 'NewParent', Source: { Method: 'GetPossbileParentsForAccountMove', List: 'Parents' } });
    expect(served.Layout.Pages[0].Containers[0].Fields[0]).toMatchObject({ Name: 'NewParent', DisplayValue: 'Neues übergeordnetes Konto', Type: 'Integer' });
    expect(served.SubmitLabels).toEqual([{ Label: 'Verschieben' }]);
  });

  it('names a ChooseAccount step on an unknown page, a field that is no Integer of its page, an unknown source and a source reading a field', () => {
    const problems = withTerminate((wizard) => {
      wizard.Wizard.Steps.push({ ...wizard.Wizard.Steps[0], Page: 'elsewhere' });
      wizard.Pages[0].Containers[0].Fields[0].Type = 'String';
      wizard.Wizard.Steps[0].Source.Method = 'GetEverything';
      wizard.Wizard.Steps[0].Source.Params.accountId = { Field: 'NewParent' };
    }, 'move');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('wizards/move.json: /Wizard/Steps/1/Page: [knownPage] the step\'s page elsewhere is not a page of the wizard'),
        expect.stringContaining('/Wizard/Steps/0/Field: [ruleFitsType] a chosen account is an Integer field without Options'),
        expect.stringContaining('/Wizard/Steps/0/Source: [knownMethod] Account.GetEverything is not a method'),
        expect.stringContaining('/Wizard/Steps/0/Source/Params/accountId: [sourceParam]'),
      ]),
    );
  });

  it('serves the move wizard\'s screen translated: title, intro, the subject with its notes, the success line', () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const screen = resolveWizard(catalogue, 'wizards/move', layoutTextLookup('de')).Screen;
    expect(screen).toMatchObject({ Title: 'Konto verschieben', Subject: { Context: 'accountId', Label: 'Zu verschiebendes Konto', Source: { Into: 'parents', Account: 'Account' } } });
    expect(screen?.Subject?.Stop?.[0]).toMatchObject({ Label: 'Es gibt kein anderes Konto, unter das dieses Konto verschoben werden könnte.', When: { Field: 'parents.Parents', IsEmpty: true } });
    expect(screen?.Success?.[0].Label).toBe('{name} wurde unter {parent} verschoben. Verschobene Konten: {count}.');
  });

  it('names a malformed screen: a missing title, an unknown field of the subject, its unknown method and text, notes reading what does not exist, a success line reading no answer', () => {
    const shapes = withTerminate((wizard) => {
      delete wizard.Wizard.Screen.Title;
      wizard.Wizard.Screen.Subject.Picker = 'yes';
    }, 'move');
    expect(shapes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/wizards\/move\.json: \/Wizard\/Screen.*Title/),
        expect.stringMatching(/\/Wizard\/Screen\/Subject.*Picker/),
      ]),
    );
    const problems = withTerminate((wizard) => {
      wizard.Wizard.Screen.Subject.Source.Method = 'GetEverything';
      wizard.Wizard.Screen.Subject.Label = 'wizards.move.nothing';
      wizard.Wizard.Screen.Subject.Notes[0].When.Field = 'offers.HasMore';
      wizard.Wizard.Screen.Success[0].Params.count.Answer = 'result';
      wizard.Wizard.Steps[0].Source.Into = 'parents';
    }, 'move');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/Wizard/Screen/Subject/Source: [knownMethod] Account.GetEverything is not a method'),
        expect.stringContaining('/Wizard/Screen/Subject/Label: [textKey] text key wizards.move.nothing is unknown'),
        expect.stringContaining('/Wizard/Screen/Subject/Notes/0/When: [knownField] When reads unknown field or answer offers.HasMore'),
        expect.stringContaining('/Wizard/Screen/Success/0/Params/count: [knownAnswer] no source or call keeps an answer named result'),
        expect.stringContaining('[uniqueAnswer] two sources or calls keep an answer named parents'),
      ]),
    );
  });

  it('serves the terminate wizard\'s screen translated: tables, texts by value, notes with their button, success lines by status', () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const screen = resolveWizard(catalogue, 'wizards/terminate', layoutTextLookup('de')).Screen;
    expect(screen).toMatchObject({ Title: 'Konto kündigen', Danger: true, Subject: { Source: { Method: 'GetAccountsForTermination', Into: 'overview' } } });
    expect(screen?.Subject?.Tables?.[1].Columns.map((column) => column.Label)).toEqual(['Abonnement', 'Vorausbezahlt', 'Automatische Verlängerung', 'Bindung', 'Gesperrt bis']);
    expect(screen?.Subject?.Tables?.[1].Columns[3].Texts).toEqual({ LockPeriod: 'Sperrfrist', MinimumContractPeriod: 'Mindestvertragslaufzeit' });
    const scheduled = screen?.Subject?.Stop?.[0];
    expect(scheduled).toMatchObject({ Tone: 'warning', Button: { Label: 'Kündigung stornieren', Method: 'CancelAccountTermination', Success: 'Die geplante Kündigung ist storniert.' } });
    expect(scheduled?.Params?.reason).toMatchObject({ Texts: expect.objectContaining({ TooExpensive: 'Zu teuer' }) });
    expect(screen?.Success?.map((line) => line.Label)).toEqual(['Die Kündigung ist für {date} geplant.', 'Das Konto ist gekündigt.']);
  });

  it('names a malformed table, note button and text by value of the screen', () => {
    const shapes = withTerminate((wizard) => {
      wizard.Wizard.Screen.Subject.Tables[0].Limit = 0;
      wizard.Wizard.Screen.Subject.Stop[0].Tone = 'loud';
    });
    expect(shapes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/wizards\/terminate\.json: \/Wizard\/Screen\/Subject\/Tables\/0\/Limit/),
        expect.stringMatching(/\/Wizard\/Screen\/Subject\/Stop\/0\/Tone/),
      ]),
    );
    const problems = withTerminate((wizard) => {
      const table = wizard.Wizard.Screen.Subject.Tables[0];
      table.Rows = { Answer: 'nothing', Path: 'Rows' };
      delete table.Limit;
      table.Columns[1].Texts.User = 'wizards.terminate.types.Robot';
      const button = wizard.Wizard.Screen.Subject.Stop[0].Button;
      button.Method = 'UndoEverything';
      button.Params.accountId = { Field: 'Missing' };
      button.Label = 'wizards.terminate.none';
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/Wizard/Screen/Subject/Tables/0/Rows: [knownAnswer] no source or call keeps an answer named nothing'),
        expect.stringContaining('/Wizard/Screen/Subject/Tables/0/More: [moreNeedsLimit]'),
        expect.stringContaining('/Wizard/Screen/Subject/Tables/0/Columns/1: [textKey] text key wizards.terminate.types.Robot is unknown'),
        expect.stringContaining('/Wizard/Screen/Subject/Stop/0/Button: [knownMethod] Account.UndoEverything is not a method'),
        expect.stringContaining('/Wizard/Screen/Subject/Stop/0/Button/Params/accountId: [knownField] reads unknown field Missing'),
        expect.stringContaining('/Wizard/Screen/Subject/Stop/0/Button/Label: [textKey] text key wizards.terminate.none is unknown'),
      ]),
    );
  });

  it('names a step kind on the review page or on a field of another page', () => {
    const problems = withTerminate((wizard) => {
      wizard.Pages.push({ Id: 'confirm', Name: 'confirm', Label: 'wizards.summary', Containers: [{ Name: 'ok', Fields: [{ Name: 'Ok', Label: 'wizards.summary', Type: 'Boolean' }] }] });
      wizard.Wizard.Review.Page = 'confirm';
      wizard.Wizard.Steps.push({ ...wizard.Wizard.Steps[0], Page: 'confirm' });
    }, 'move');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/Wizard/Steps/1/Page: [notReviewPage]'),
        expect.stringContaining('/Wizard/Steps/1/Field: [fieldOnPage] NewParent is not a field of page confirm'),
      ]),
    );
  });

  it('serves the upgrade wizard: a ChooseRow step, an AccountForm page without containers, calls and review lines, translated', () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const served = resolveWizard(catalogue, 'wizards/upgrade', layoutTextLookup('de'));
    expect(served.Layout.Pages.map((page) => [page.Name, page.Containers.length])).toEqual([
      ['product', 1],
      ['values', 0],
    ]);
    const choose = served.Steps?.[0];
    expect(choose).toMatchObject({ Kind: 'ChooseRow', Field: 'TargetProduct', Value: 'ProductName', Source: { Method: 'GetPossibleProductsForUpgrade', Into: 'offers' } });
    if (choose?.Kind !== 'ChooseRow') throw new Error('ChooseRow expected');
    expect(choose.Columns.map((column) => column.Label)).toEqual(['Produkt', 'Einzelpreis', 'Differenz je Einheit', 'Abonnement']);
    expect(choose.Columns[3]).toMatchObject({ Present: 'Ergänzt das vorhandene', Absent: 'Neues Abonnement' });
    expect(choose.Intro?.Label).toBe('Jetzt: {product}, {quantity} Einheiten zu je {price}.');
    expect(served.Steps?.[1]).toMatchObject({ Kind: 'AccountForm', AccountType: 'Product', Title: [{ Label: 'Das vorhandene {product}-Abonnement' }, { Label: 'Das neue {product}-Abonnement' }] });
    expect(served.Calls?.map((call) => [call.After, call.Method, call.Into])).toEqual([
      ['product', 'GetUpgradeProcessValues', 'process'],
      ['values', 'GetUpgradeProcessValues', 'prepared'],
    ]);
    expect(served.Review?.Lines?.[0].Label).toBe('Art der Hochstufung: {variant}');
    expect(served.SubmitLabels).toEqual([{ Label: 'Hochstufung ausführen' }]);
  });

  it('names answers read before they exist or never kept, a row of no ChooseRow step, a call after the last step and an empty page that is no AccountForm', () => {
    const problems = withTerminate((wizard) => {
      wizard.Wizard.Calls[0].Params.targetAccountId = { Answer: 'prepared', Path: 'TargetAccountId' };
      wizard.Wizard.Calls[1].Params.sourceAccountId = { Answer: 'nowhere' };
      wizard.Wizard.Action.Params.accountId = { Row: 'Variant', Property: 'AccountId' };
      wizard.Wizard.Steps[1].Views = { Answer: 'prepared', Path: 'Views' };
      wizard.Wizard.Review.Lines[1].When = { Field: 'elsewhere.TargetAccountId', IsEmpty: false };
      wizard.Wizard.Steps.pop();
    }, 'upgrade');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('wizards/upgrade.json: /Wizard/Calls/0/Params/targetAccountId: [answerBefore] the answer prepared does not exist yet'),
        expect.stringContaining('/Wizard/Calls/1/Params/sourceAccountId: [knownAnswer] no source or call keeps an answer named nowhere'),
        expect.stringContaining('/Wizard/Action/Params/accountId: [knownRow] Variant is not the field of a ChooseRow step'),
        expect.stringContaining('/Wizard/Review/Lines/1/When: [knownField] When reads unknown field or answer elsewhere.TargetAccountId'),
        expect.stringContaining('/Pages/1/Containers: [pageContainers]'),
        expect.stringContaining('/Wizard/Calls/1/Params/viewValues/Values: [knownPage] values is not the page of an AccountForm step'),
      ]),
    );
    const late = withTerminate((wizard) => {
      delete wizard.Wizard.Review;
      wizard.Wizard.Steps[1].Views = { Answer: 'prepared', Path: 'Views' };
      wizard.Wizard.Steps[0].Columns[0].Label = 'wizards.upgrade.nothing';
      wizard.Pages[0].Containers[0].Fields[0].Type = 'Boolean';
    }, 'upgrade');
    expect(late).toEqual(
      expect.arrayContaining([
        expect.stringContaining('/Wizard/Calls/1/After: [callBeforeLast]'),
        expect.stringContaining('/Wizard/Steps/1/Views: [answerBefore] the answer prepared does not exist yet'),
        expect.stringContaining('/Wizard/Steps/0/Columns/0: [textKey] text key wizards.upgrade.nothing is unknown'),
        expect.stringContaining('/Wizard/Steps/0/Field: [ruleFitsType] a chosen row is a String or Integer field without Options'),
      ]),
    );
  });

  it("serves the upgrade wizard's screen translated: a subject named by the route (no picker), its stop note and the outcome panel", () => {
    const { catalogue } = loadLayoutCatalogue([shipped]);
    const screen = resolveWizard(catalogue, 'wizards/upgrade', layoutTextLookup('de')).Screen;
    expect(screen).toMatchObject({ Title: 'Abonnement hochstufen', Subject: { Context: 'accountId', Source: { Method: 'LoadAccountById', Into: 'subscription', Name: 'Views.Values.DisplayName' } } });
    expect(screen?.Subject?.Label).toBeUndefined();
    expect(screen?.Subject?.Stop?.[0]).toMatchObject({ Label: 'Nur ein aktives Abonnement kann hochgestuft werden.', Tone: 'warning' });
    expect(screen?.Outcome?.Lines?.map((line) => line.Label)).toEqual([
      'Die Hochstufung ist erledigt: Das neue Abonnement besteht, das alte ist gekündigt.',
      'Die Hochstufung ist erledigt: Das neue Produkt hat seine Einheiten, das alte Abonnement behält den Rest.',
    ]);
    const columns = screen?.Outcome?.Tables?.[0].Columns;
    expect(columns?.[0]).toMatchObject({ Label: 'Abonnement', Present: 'Neues Produkt', Absent: 'Altes Abonnement', Link: '/account/{AccountId}' });
    expect(columns?.[1].Texts).toEqual({ Create: 'Angelegt', Modify: 'Geändert', Terminate: 'Gekündigt' });
    expect(columns?.[2]).toMatchObject({ Text: 'Auftrag {value}', Link: '/account/{AccountId}/provisioning' });
  });

  it('names an outcome reading no answer, a column compared without its texts or with an unknown sentence, and a parent read from no answer', () => {
    const problems = withTerminate((wizard) => {
      const outcome = wizard.Wizard.Screen.Outcome;
      outcome.Lines[0].When.Field = 'elsewhere.Variant';
      outcome.Tables[0].Rows = { Answer: 'result', Path: 'Steps' };
      delete outcome.Tables[0].Columns[0].Absent;
      outcome.Tables[0].Columns[0].Equals = { Answer: 'nothing', Path: 'Id' };
      outcome.Tables[0].Columns[2].Text = 'wizards.upgrade.nothing';
      wizard.Wizard.Steps[1].ParentAccountId = { Answer: 'parents', Path: 'Id' };
    }, 'upgrade');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('wizards/upgrade.json: /Wizard/Screen/Outcome/Lines/0/When: [knownField] When reads unknown field or answer elsewhere.Variant'),
        expect.stringContaining('/Wizard/Screen/Outcome/Tables/0/Rows: [knownAnswer] no source or call keeps an answer named result'),
        expect.stringContaining('/Wizard/Screen/Outcome/Tables/0/Columns/0/Equals: [knownAnswer] no source or call keeps an answer named nothing'),
        expect.stringContaining('/Wizard/Screen/Outcome/Tables/0/Columns/0/Equals: [equalsTexts]'),
        expect.stringContaining('/Wizard/Screen/Outcome/Tables/0/Columns/2: [textKey] text key wizards.upgrade.nothing is unknown'),
        expect.stringContaining('/Wizard/Steps/1/ParentAccountId: [knownAnswer] no source or call keeps an answer named parents'),
      ]),
    );
    const shapes = withTerminate((wizard) => {
      wizard.Wizard.Screen.Outcome.Tables[0].Columns[0].Link = 'account/{AccountId}';
    }, 'upgrade');
    expect(shapes).toEqual(expect.arrayContaining([expect.stringMatching(/\/Wizard\/Screen\/Outcome\/Tables\/0\/Columns\/0\/Link/)]));
  });
});
