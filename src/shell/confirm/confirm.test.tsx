// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initEnglish } from '../../test-support/render-with-providers';
import { confirm, ConfirmHost, isConfirmCancelled } from '.';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

const outcome = (promise: Promise<void>) => promise.then(() => 'confirmed', (error: unknown) => (isConfirmCancelled(error) ? 'cancelled' : 'failed'));

describe('confirm()', () => {
  it('resolves on OK, 400 px wide by default', async () => {
    render(<ConfirmHost />);
    let result!: Promise<string>;
    act(() => {
      result = outcome(confirm({ title: 'Delete?', text: 'Delete 3 rows' }));
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('Delete 3 rows');
    expect(screen.getByRole('dialog').style.width).toBe('400px');
    act(() => fireEvent.click(screen.getByTestId('confirm-ok')));
    await expect(result).resolves.toBe('confirmed');
  });

  it('rejects on Escape and on Cancel, and stays open on a click beside it', async () => {
    render(<ConfirmHost />);
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = outcome(confirm({ title: 'One', text: 'first', width: 600 }));
      second = outcome(confirm({ title: 'Two', text: 'second' }));
    });
    expect((await screen.findByRole('dialog')).style.width).toBe('600px');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    act(() => fireEvent.click(backdrop as Element));
    expect(screen.getByRole('dialog').textContent).toContain('first');
    act(() => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    await expect(first).resolves.toBe('cancelled');
    // The next request waited its turn.
    expect(screen.getByRole('dialog').textContent).toContain('second');
    act(() => fireEvent.click(screen.getByTestId('confirm-cancel')));
    await expect(second).resolves.toBe('cancelled');
  });
});
