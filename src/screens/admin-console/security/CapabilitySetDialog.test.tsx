// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CapabilityObjectTypes } from '../../../contract';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../../test-support/render-with-providers';
import { CapabilitySetDialog } from './CapabilitySetDialog';
import type { CapabilitySet } from './security-queries';

const set = {
  Id: 3,
  Name: 'Importers',
  Description: '',
  IsTemplate: false,
  OwnerAccountId: 1,
  Capabilities: [
    { ObjectType: 'LOGIN', Read: true },
    { ObjectType: 'MY_IMPORTS', Read: true, Create: true },
  ],
} as unknown as CapabilitySet;

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('capability set dialog', () => {
  it('names every object type in words', () => {
    for (const type of CapabilityObjectTypes) expect(i18next.exists(`capabilityTypes.${type}`), type).toBe(true);
  });

  it('shows each grant by its name, the constant beneath it, and finds a new type by name or constant', async () => {
    vi.stubGlobal('fetch', fakeServiceFetch({}));
    renderRoutes([{ path: '/', element: <CapabilitySetDialog set={set} ownerAccountId={1} readOnly={false} onClose={() => undefined} /> }], '/');
    const rows = await screen.findAllByTestId('grant-name');
    expect(rows.map((row) => row.textContent)).toEqual(['Sign-inLOGIN', 'My importsMY_IMPORTS']);
    expect((screen.getByRole('checkbox', { name: 'My imports Create' }) as HTMLInputElement).checked).toBe(true);

    const picker = screen.getByRole('combobox');
    const options = () => within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    picker.focus();
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Audit' } });
    await waitFor(() => expect(options()).toEqual(['Audit logAUDIT_LOG']));
    fireEvent.change(picker, { target: { value: 'PRICE_LI' } });
    await waitFor(() => expect(options()).toEqual(['PricelistsPRICE_LISTS']));
  }, 30_000);
});
