// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglish } from '../test-support/render-with-providers';
import { createMessageStore } from './message-store';
import { MessageStack } from './MessageStack';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

describe('MessageStack', () => {
  it('shows messages with title and actions, and closes them', async () => {
    const store = createMessageStore();
    const reload = vi.fn();
    render(<MessageStack store={store} />);
    // async: the toast UI is loaded on first use.
    await act(async () => {
      store.show({ type: 'error', title: 'Oops', text: 'Save failed' });
      store.show({ type: 'info', text: 'New version', actions: [{ label: 'Reload', action: reload, closeMessage: true }] });
    });
    const shown = await screen.findAllByTestId('message');
    expect(shown.map((element) => element.getAttribute('data-message-type'))).toEqual(['error', 'info']);
    expect(shown[0].textContent).toContain('Oops');
    fireEvent.click(screen.getByText('Reload'));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['Save failed']);
    fireEvent.click(screen.getByLabelText('Close'));
    expect(store.getSnapshot()).toEqual([]);
    expect(screen.queryAllByTestId('message')).toEqual([]);
  });

  it('has no close button when closeDisabled', async () => {
    const store = createMessageStore();
    render(<MessageStack store={store} />);
    await act(async () => {
      store.show({ type: 'warning', text: 'Maintenance in 30 seconds', closeDisabled: true });
    });
    expect((await screen.findByTestId('message')).textContent).toContain('Maintenance in 30 seconds');
    expect(screen.queryByLabelText('Close')).toBeNull();
  });
});

describe('MessageStack timing (fake clock)', () => {
  it('removes a success toast from the screen after 5000 ms and keeps an error until closed', async () => {
    const store = createMessageStore();
    render(<MessageStack store={store} />);
    // Load the toast UI with the real clock first; from then on rendering is synchronous.
    act(() => void store.show({ type: 'info', text: 'warm-up' }));
    await screen.findByTestId('message');
    act(() => store.clear());
    vi.useFakeTimers();
    try {
      await act(async () => {
        store.show({ type: 'success', text: 'Saved' });
        store.show({ type: 'error', text: 'Failed' });
      });
      expect(screen.getAllByTestId('message')).toHaveLength(2);
      act(() => vi.advanceTimersByTime(4999));
      expect(screen.getAllByTestId('message')).toHaveLength(2);
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getAllByTestId('message').map((element) => element.textContent)).toEqual(['Failed']);
      act(() => vi.advanceTimersByTime(600_000));
      expect(screen.getAllByTestId('message')).toHaveLength(1);
      act(() => store.clear());
      expect(screen.queryAllByTestId('message')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
