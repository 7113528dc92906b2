// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createHashRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglish } from '../../test-support/render-with-providers';
import { ConfirmHost } from '../confirm';
import { UNSAVED_CHANGES_EXCLUDE_ATTRIBUTE, useGuardedClose, useUnsavedChangesGuard } from '.';
import { leavePage } from './use-unsaved-changes-guard';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

function EditForm() {
  const [value, setValue] = useState('');
  useUnsavedChangesGuard(value !== '');
  return (
    <div>
      <input aria-label="name" value={value} onChange={(event) => setValue(event.target.value)} />
      <div {...{ [UNSAVED_CHANGES_EXCLUDE_ATTRIBUTE]: '' }}>
        <a href="https://help.example/form">form help</a>
      </div>
    </div>
  );
}

/** A hash router like the app's, so in-app links are `#/...` as in production. */
function renderApp() {
  window.location.hash = '#/edit';
  const router = createHashRouter(
    [
      {
        element: (
          <>
            <Link to="/other">other page</Link>
            <a href="https://elsewhere.example/">elsewhere</a>
            <Outlet />
            <ConfirmHost />
          </>
        ),
        children: [
          { path: '/edit', element: <EditForm /> },
          { path: '/other', element: <p>other screen</p> },
        ],
      },
    ],
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('name'), { target: { value: text } });

describe('useUnsavedChangesGuard', () => {
  it('registers no blocker while nothing is edited: a hash change made outside the router draws no React Router warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = renderApp();
    act(() => {
      window.location.hash = '#/other';
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/blocker/i);
    warn.mockRestore();
  });

  it('lets the user leave freely while nothing is edited', () => {
    const router = renderApp();
    act(() => fireEvent.click(screen.getByText('other page')));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('asks before leaving with edits: continue editing stays, discard leaves', async () => {
    const router = renderApp();
    type('Contoso');
    await act(async () => fireEvent.click(screen.getByText('other page')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Unsaved changes');
    expect(dialog.style.width).toBe('450px');
    await act(async () => fireEvent.click(screen.getByText('Continue editing')));
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('name')).toHaveProperty('value', 'Contoso');

    await act(async () => fireEvent.click(screen.getByText('other page')));
    await act(async () => fireEvent.click(await screen.findByText('Discard changes')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });

  it('intercepts links the router does not handle, except inside excluded elements', async () => {
    renderApp();
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    try {
      type('x');
      const outside = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      await act(async () => screen.getByText('elsewhere').dispatchEvent(outside));
      expect(outside.defaultPrevented).toBe(true);
      await act(async () => fireEvent.click(await screen.findByText('Discard changes')));
      expect(leave).toHaveBeenCalledWith('https://elsewhere.example/', false);

      // Inside the excluded area the guard stays out: no question, the link goes where it goes.
      leave.mockClear();
      const inside = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      let preventedByGuard = true;
      document.addEventListener('click', () => (preventedByGuard = inside.defaultPrevented), { once: true });
      const stopJsdomNavigation = (event: Event) => event.preventDefault();
      document.addEventListener('click', stopJsdomNavigation);
      await act(async () => screen.getByText('form help').dispatchEvent(inside));
      document.removeEventListener('click', stopJsdomNavigation);
      expect(preventedByGuard).toBe(false);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(leave).not.toHaveBeenCalled();
    } finally {
      leave.mockRestore();
    }
  });
});

/** A modal editor as the security and pricing-rule dialogs are: its close goes through useGuardedClose. */
function DialogEditor({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState('');
  const close = useGuardedClose(value !== '', () => {
    setOpen(false);
    onClosed();
  });
  if (!open) return <p>dialog closed</p>;
  return (
    <div role="group" aria-label="editor">
      <input aria-label="name" value={value} onChange={(event) => setValue(event.target.value)} />
      <button onClick={close}>Cancel</button>
    </div>
  );
}

function renderDialogApp(onClosed: () => void) {
  window.location.hash = '#/edit';
  const router = createHashRouter([
    {
      element: (
        <>
          <Link to="/other">other page</Link>
          <Outlet />
          <ConfirmHost />
        </>
      ),
      children: [
        { path: '/edit', element: <DialogEditor onClosed={onClosed} /> },
        { path: '/other', element: <p>other screen</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('useGuardedClose (issue 21: modal editors)', () => {
  it('closes at once without edits', async () => {
    const onClosed = vi.fn();
    renderDialogApp(onClosed);
    await act(async () => fireEvent.click(screen.getByText('Cancel')));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('asks before closing with edits: continue editing keeps them, discard closes', async () => {
    const onClosed = vi.fn();
    renderDialogApp(onClosed);
    type('Reseller role');
    await act(async () => fireEvent.click(screen.getByText('Cancel')));
    expect((await screen.findByRole('dialog')).textContent).toContain('Unsaved changes');
    await act(async () => fireEvent.click(screen.getByText('Continue editing')));
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByLabelText('name')).toHaveProperty('value', 'Reseller role');

    await act(async () => fireEvent.click(screen.getByText('Cancel')));
    await act(async () => fireEvent.click(await screen.findByText('Discard changes')));
    await waitFor(() => expect(onClosed).toHaveBeenCalledTimes(1));
    expect(screen.getByText('dialog closed')).toBeTruthy();
  });

  it('asks when the page is left while the modal holds edits', async () => {
    const router = renderDialogApp(() => undefined);
    type('x');
    await act(async () => fireEvent.click(screen.getByText('other page')));
    expect((await screen.findByRole('dialog')).textContent).toContain('Unsaved changes');
    await act(async () => fireEvent.click(screen.getByText('Continue editing')));
    expect(router.state.location.pathname).toBe('/edit');
  });
});
