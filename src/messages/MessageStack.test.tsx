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
  it('shows messages with title and actions, and closes them', () => {
    const store = createMessageStore();
    const reload = vi.fn();
    render(<MessageStack store={store} />);
    act(() => {
      store.show({ type: 'error', title: 'Oops', text: 'Save failed' });
      store.show({ type: 'info', text: 'New version', actions: [{ label: 'Reload', action: reload, closeMessage: true }] });
    });
    const shown = screen.getAllByTestId('message');
    expect(shown.map((element) => element.getAttribute('data-message-type'))).toEqual(['error', 'info']);
    expect(shown[0].textContent).toContain('Oops');
    fireEvent.click(screen.getByText('Reload'));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getSnapshot().map((message) => message.text)).toEqual(['Save failed']);
    fireEvent.click(screen.getByLabelText('Close'));
    expect(store.getSnapshot()).toEqual([]);
  });

  it('has no close button when closeDisabled', () => {
    const store = createMessageStore();
    render(<MessageStack store={store} />);
    act(() => {
      store.show({ type: 'warning', text: 'Maintenance in 30 seconds', closeDisabled: true });
    });
    expect(screen.getByTestId('message').textContent).toContain('Maintenance in 30 seconds');
    expect(screen.queryByLabelText('Close')).toBeNull();
  });
});
