// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CapabilityObjectTypes } from '../../../../contract';
import de from '../../../../locales/de.json';
import { initI18n } from '../../../i18n/i18n';
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

  it('shows a seeded set under the name the list shows, and saves its stored name unless the user changes it', async () => {
    await initI18n('de', async () => de);
    try {
      const sent: unknown[] = [];
      vi.stubGlobal('fetch', fakeServiceFetch({ 'Security/UpdateCapabilitySet': (body) => (sent.push(body), Response.json({})) }));
      const seeded = { ...set, Name: 'Company administration' } as CapabilitySet;
      renderRoutes([{ path: '/', element: <CapabilitySetDialog set={seeded} ownerAccountId={1} readOnly={false} onClose={() => undefined} /> }], '/');
      const name = (await screen.findByTestId('set-name')) as HTMLInputElement;
      expect(name.value).toBe('Firmenverwaltung');

      fireEvent.click(screen.getByTestId('set-save'));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ capabilitySet: { Id: 3, Name: 'Company administration' } });

      fireEvent.change(name, { target: { value: 'Firmenverwaltung Nord' } });
      fireEvent.click(screen.getByTestId('set-save'));
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toMatchObject({ capabilitySet: { Id: 3, Name: 'Firmenverwaltung Nord' } });
    } finally {
      await initEnglish();
    }
  }, 30_000);
});
