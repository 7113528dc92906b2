// Fake timers throughout: the 5000 ms auto-dismiss is checked to the millisecond.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageStore, SUCCESS_AUTO_DISMISS_MS } from './message-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('message store', () => {
  it('adds messages in order and notifies subscribers with a new snapshot', () => {
    const store = createMessageStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getSnapshot();
    store.show({ type: 'error', text: 'first' });
    store.show({ type: 'info', text: 'second', title: 'Note' });
    expect(store.getSnapshot()).not.toBe(before);
    expect(store.getSnapshot().map((message) => [message.type, message.text])).toEqual([
      ['error', 'first'],
      ['info', 'second'],
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('dismisses success messages after 5000 ms and keeps the others', () => {
    const store = createMessageStore();
    store.show({ type: 'success', text: 'saved' });
    store.show({ type: 'error', text: 'failed' });
    store.show({ type: 'warning', text: 'careful' });
    vi.advanceTimersByTime(SUCCESS_AUTO_DISMISS_MS - 1);
    expect(store.getSnapshot()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['failed', 'careful']);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(2);
  });

  it('replaces a message with the same name in place, restarting the success timer', () => {
    const store = createMessageStore();
    store.show({ type: 'info', text: 'a' });
    store.show({ type: 'success', text: 'v1', name: 'save' });
    vi.advanceTimersByTime(4000);
    store.show({ type: 'success', text: 'v2', name: 'save' });
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['a', 'v2']);
    vi.advanceTimersByTime(4000);
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['a', 'v2']);
    vi.advanceTimersByTime(1000);
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['a']);
  });

  it('removes the named notice when the text is empty or not a string', () => {
    const store = createMessageStore();
    store.show({ type: 'warning', text: 'maintenance in 5 minutes', name: 'maintenance' });
    expect(store.show({ type: 'warning', text: '', name: 'maintenance' })).toBeUndefined();
    expect(store.getSnapshot()).toHaveLength(0);
    store.show({ type: 'warning', text: 'again', name: 'maintenance' });
    store.show({ type: 'warning', text: null, name: 'maintenance' });
    expect(store.getSnapshot()).toHaveLength(0);
    store.show({ type: 'error', text: 42 });
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('removes by id and clears all, cancelling timers', () => {
    const store = createMessageStore();
    const id = store.show({ type: 'error', text: 'x' });
    store.show({ type: 'success', text: 'y' });
    store.remove(id ?? '');
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['y']);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps closeDisabled and actions on the message', () => {
    const store = createMessageStore();
    const action = vi.fn();
    store.show({ type: 'warning', text: 'x', closeDisabled: true, actions: [{ label: 'Reload', action, closeMessage: true }] });
    const [message] = store.getSnapshot();
    expect(message.closeDisabled).toBe(true);
    message.actions?.[0].action();
    expect(action).toHaveBeenCalledOnce();
  });
});

describe('message store forwarding to a host app', () => {
  it('hands messages without actions to the forwarder, removals included, and keeps those with actions', () => {
    const store = createMessageStore();
    const forwarded: unknown[] = [];
    store.setForwarder((message) => forwarded.push(message));
    expect(store.show({ type: 'success', text: 'Saved', title: 'Done' })).toBeUndefined();
    store.show({ type: 'warning', text: null, name: 'maintenance' });
    store.show({ type: 'info', text: 'New version', actions: [{ label: 'Reload', action: () => undefined }] });
    expect(forwarded).toEqual([
      { type: 'success', text: 'Saved', title: 'Done', name: undefined, closeDisabled: undefined },
      { type: 'warning', text: '', title: undefined, name: 'maintenance', closeDisabled: undefined },
    ]);
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['New version']);
    store.setForwarder(undefined);
    store.show({ type: 'error', text: 'here again' });
    expect(store.getSnapshot()).toHaveLength(2);
  });
});

describe('messages scoped to their screen (issue 21)', () => {
  it('removes the errors a screen raised when another screen shows, keeps successes and app-wide messages', () => {
    const store = createMessageStore();
    store.setScreen('/service-tool/edit-service-groups');
    store.show({ type: 'error', text: 'Account 1 is not a vendor.' });
    store.show({ type: 'success', text: 'Saved' });
    store.show({ type: 'info', text: 'Maintenance at 22:00', global: true });
    // Same screen again (a blocked navigation, a re-render): nothing goes.
    store.setScreen('/service-tool/edit-service-groups');
    expect(store.getSnapshot()).toHaveLength(3);
    store.setScreen('/pricelists');
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['Saved', 'Maintenance at 22:00']);
    // An error raised on the new screen stays with it.
    store.show({ type: 'error', text: 'Refused' });
    expect(store.getSnapshot().map((message) => message.text)).toContain('Refused');
    store.setScreen('/');
    expect(store.getSnapshot().map((message) => message.text)).not.toContain('Refused');
  });
});
