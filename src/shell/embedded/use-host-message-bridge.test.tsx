// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageStore } from '../../messages/message-store';
import { useHostMessageBridge } from './use-host-message-bridge';

function Bridge() {
  useHostMessageBridge();
  return null;
}

afterEach(() => {
  cleanup();
  messageStore.clear();
});

describe('messages in a host app (embedded mode)', () => {
  it("posts the portal's messages to the framing page's origin instead of showing them", () => {
    const host = { postMessage: vi.fn() };
    Object.defineProperty(window, 'parent', { value: host, configurable: true });
    Object.defineProperty(document, 'referrer', { value: 'https://host.example/app/page', configurable: true });
    const view = render(<Bridge />);
    messageStore.show({ type: 'error', text: 'Saving failed', name: 'save' });
    expect(host.postMessage).toHaveBeenCalledWith(
      { source: 'cloud-marketplace-portal', kind: 'message', message: { type: 'error', text: 'Saving failed', name: 'save', title: undefined, closeDisabled: undefined } },
      'https://host.example',
    );
    expect(messageStore.getSnapshot()).toEqual([]);

    // Leaving the embedded layout gives the messages back to the portal's own stack.
    view.unmount();
    messageStore.show({ type: 'error', text: 'Here again' });
    expect(messageStore.getSnapshot().map((message) => message.text)).toEqual(['Here again']);
  });
});
