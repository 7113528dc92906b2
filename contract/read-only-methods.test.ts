import { describe, expect, it } from 'vitest';
import { listMethods } from './catalogue';
import { isPreviewSafeMethod } from './read-only-methods';

describe('isPreviewSafeMethod (the studio preview sends nothing that changes data)', () => {
  it('lets reads, report runs, downloads and exports through', () => {
    for (const method of ['ListAccountTypes', 'LoadAccountById', 'SearchAccount', 'RunReport', 'ExploreServices', 'DownloadImportTemplate', 'OnlinebillExport', 'GenerateOrderInvoicePdf', 'PricingRuleExcelDownload']) {
      expect(isPreviewSafeMethod(method), method).toBe(true);
    }
  });

  it('refuses the writes whose capability is only Read (accepting a quote, cancelling an import, saving preferences)', () => {
    for (const method of ['AcceptQuote', 'DeclineQuote', 'CancelImport', 'CancelImportAccount', 'UpdateUserNotificationPreferences']) {
      expect(isPreviewSafeMethod(method), method).toBe(false);
    }
  });

  it('refuses every method of the catalogue whose verb changes something', () => {
    const writes = listMethods().filter(({ method }) => /^(Create|Update|Delete|Save|Accept|Decline|Cancel|Send|Set|Add|Remove|Revoke|Rotate|Start|Approve|Retry|Resubmit|Escalate|Complete|Move|Terminate|Upgrade|Upload|Attach|Propagate|Replay|Reset|Change|Join|End)/.test(method));
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.filter(({ method }) => isPreviewSafeMethod(method)).map(({ service, method }) => `${service}/${method}`)).toEqual([]);
  });
});
