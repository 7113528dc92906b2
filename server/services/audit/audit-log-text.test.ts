import { describe, expect, it } from 'vitest';
import { auditSentence, csvField, detailsText, MAX_DETAILS_LENGTH } from './audit-log-text';
import { clientLocales } from '../values/value-texts';

describe('detailsText', () => {
  it('reads key: value pairs, lists and nested objects', () => {
    expect(detailsText({ fields: ['Email', 'Phone'], price: 12.5, mfa: false })).toBe('fields: Email, Phone; price: 12.5; mfa: false');
    expect(detailsText({ target: { id: 4, name: 'Jana' }, reason: null, note: '' })).toBe('target: {id: 4, name: Jana}; reason: —; note: —');
    expect(detailsText({})).toBe('');
    expect(detailsText(null)).toBe('');
    expect(detailsText('plain')).toBe('plain');
  });

  it('stops at a depth and a length', () => {
    expect(detailsText({ a: { b: { c: { d: { e: 1 } } } } })).toBe('a: {b: {c: {d: {"e":1}}}}');
    const long = detailsText({ text: 'x'.repeat(5000) });
    expect(long).toHaveLength(MAX_DETAILS_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('csvField', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1+cmd|\' /C calc\'!A0')).toBe("'-1+cmd|' /C calc'!A0");
    expect(csvField('\t=1')).toBe("'\t=1");
    // A negative number stays a number.
    expect(csvField('-1')).toBe('-1');
    expect(csvField('-1234.50')).toBe('-1234.50');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('auditSentence', () => {
  const names = new Map([[9, 'Olivia Bennett']]);

  it('tells an import, a field change and a role in the language, with field labels and value texts', () => {
    expect(auditSentence('en', 'ImportCompleted', { importId: 14, imported: 20, errors: 3 }).text).toBe('Import 14 finished – imported: 20, errors: 3');
    expect(auditSentence('de', 'ImportCompleted', { importId: 14, imported: 20, errors: 3 }).text).toBe('Import 14 abgeschlossen – importiert: 20, Fehler: 3');
    expect(auditSentence('de', 'AccountUpdated', { Field: 'VatNumber', OldValue: 'DE1', NewValue: 'DE2' }).text).toBe('USt-IdNr. von „DE1“ auf „DE2“ geändert');
    expect(auditSentence('fr', 'AccountUpdated', { fields: ['Phone', 'Email'] }).text).toMatch(/^Modifié : \S/);
    expect(auditSentence('de', 'ImportStarted', { importId: 3, type: 'Users', rows: 5 }).text).toBe('Import von Benutzer gestartet, Zeilen: 5');
  });

  it('names and links the accounts its details hold by id', () => {
    const sentence = auditSentence('de', 'RoleAssigned', { Role: 'Basic user', UserAccountId: 9 }, names);
    expect(sentence.text).toBe('Rolle „Standardbenutzer“ an Olivia Bennett vergeben');
    expect(sentence.links).toEqual([{ Text: 'Olivia Bennett', To: '/account/9' }]);
    expect(auditSentence('en', 'ImpersonationStarted', { targetUserId: 12, targetUsername: 'x' }).text).toBe('Started working as #12');
  });

  it('falls back to the action name and its details when the details lack what the sentence needs', () => {
    expect(auditSentence('de', 'PricelistUpdated', { items: 4 }).text).toBe('Preisliste aktualisiert: items: 4');
    expect(auditSentence('en', 'SomethingNew', {}).text).toBe('SomethingNew');
  });

  it('leaves no placeholder in any language for the details each action is written with', () => {
    const samples: Record<string, Record<string, unknown>> = {
      SignIn: { mfa: true },
      SignInFailed: { userName: 'x' },
      AccountCreated: { AccountType: 'User', DisplayName: 'Jana' },
      SubscriptionOrdered: { ProductName: 'Backup', Quantity: 3 },
      CustomChargeCreated: { Name: 'Install', Price: 10 },
      ImportCompleted: { importId: 1, imported: 2, errors: 0 },
      AuditLogExported: { mode: 'user', format: 'csv', rows: 3 },
      CreditCheckOrderRejected: { orderId: 5, reason: 'credit' },
    };
    for (const locale of clientLocales) {
      for (const [action, details] of Object.entries(samples)) {
        const { text } = auditSentence(locale, action, details);
        expect(text, `${locale} ${action}`).not.toMatch(/\{\{|: \w+: /);
        expect(text, `${locale} ${action}`).not.toContain(action);
      }
    }
  });
});
