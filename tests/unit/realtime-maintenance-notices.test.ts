import { beforeAll, describe, expect, it } from 'vitest';
import { createMessageStore } from '../../src/messages/message-store';
import { createMaintenanceNoticeSink, MAINTENANCE_NOTICE_NAME } from '../../src/realtime/maintenance-notices';
import { initEnglish } from '../../src/test-support/render-with-providers';

beforeAll(initEnglish);

describe('maintenance notices as toasts', () => {
  it('keeps one named warning, closable only over a minute, and removes it on off', () => {
    const store = createMessageStore();
    const show = createMaintenanceNoticeSink(store);
    show({ kind: 'minutes', minutes: 5, closable: true });
    show({ kind: 'minutes', minutes: 4, closable: true });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({
      type: 'warning',
      name: MAINTENANCE_NOTICE_NAME,
      title: 'Scheduled maintenance',
      text: 'The portal will be down for maintenance in 4 minutes. Please save all your progress.',
      closeDisabled: false,
    });
    show({ kind: 'seconds', seconds: 60, closable: false });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]).toMatchObject({ text: 'The portal will be down for maintenance in 60 seconds. Please save all your progress.', closeDisabled: true });
    show({ kind: 'ongoing', closable: false });
    expect(store.getSnapshot()[0]).toMatchObject({ text: 'Maintenance is in progress. The page will reload shortly.', closeDisabled: true });
    show(null);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('does not bring back a minutes notice the user closed, but shows the seconds notice', () => {
    const store = createMessageStore();
    const show = createMaintenanceNoticeSink(store);
    show({ kind: 'minutes', minutes: 3, closable: true });
    store.remove(store.getSnapshot()[0].id);
    show({ kind: 'minutes', minutes: 2, closable: true });
    expect(store.getSnapshot()).toEqual([]);
    show({ kind: 'seconds', seconds: 60, closable: false });
    expect(store.getSnapshot()).toHaveLength(1);
    // A new announcement after "off" is shown again.
    show(null);
    show({ kind: 'soon', closable: true });
    expect(store.getSnapshot()).toHaveLength(1);
  });
});
