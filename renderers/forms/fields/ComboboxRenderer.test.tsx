// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnumOption, FormFieldModel, SavedValue } from '../../../engine/forms';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

/** Opens a searchable combobox (MUI Autocomplete, loaded on first use). */
async function open(label: string | RegExp) {
  const input = await screen.findByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  return input;
}

describe('combobox renderer', { timeout: 30_000 }, () => {
  it('offers the EnumMembers in a select and stores the chosen value; a required one must be chosen', () => {
    const { store } = renderLayoutForm(
      layoutOf([{ Name: 'Size', DisplayValue: 'Size', Type: 'Enum', DisplayTemplate: 'Combobox', Required: true, EnumMembers: [{ DisplayName: 'Small', Value: 'S' }, { DisplayName: 'Large', Value: 'L' }] }]),
      { views: { Values: { Size: 'S' } } },
    );
    const select = screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.selectedOptions[0].textContent).toBe('Small');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['', 'Small', 'Large']);
    fireEvent.change(select, { target: { value: '1' } });
    expect(store.changedValues()).toEqual({ Values: { Size: 'L' } });
    expect(select.selectedOptions[0].textContent).toBe('Large');
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
  });

  it('keeps showing a stored value the options no longer offer', () => {
    renderLayoutForm(layoutOf([{ Name: 'Size', DisplayValue: 'Size', Type: 'Enum', EnumMembers: [{ DisplayName: 'Small', Value: 'S' }] }]), { views: { Values: { Size: 'XL' } } });
    expect((screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe('XL');
  });

  it('loads remote options, reloads a dependent enum when its parent changes and clears its stale value', async () => {
    const regions: Record<string, EnumOption[]> = { Germany: [{ value: 'Bayern', label: 'Bayern' }], France: [{ value: 'Bretagne', label: 'Bretagne' }] };
    const loadOptions = vi.fn(async (field: FormFieldModel, depends: Record<string, SavedValue>) =>
      field.name === 'Country' ? [{ value: 'Germany', label: 'Germany' }, { value: 'France', label: 'France' }] : regions[String(depends.Country)] ?? [],
    );
    const { store } = renderLayoutForm(
      layoutOf([
        { Name: 'Country', DisplayValue: 'Country', Type: 'Enum', RemoteEnum: { DependsOn: [] } },
        { Name: 'Region', DisplayValue: 'Region', Type: 'Enum', RemoteEnum: { DependsOn: ['Country'] } },
      ]),
      { views: { Values: { Country: 'Germany', Region: 'Bayern' } }, services: { loadOptions } },
    );
    await waitFor(() => expect(loadOptions).toHaveBeenCalledTimes(2));
    await open('Country');
    fireEvent.click(await screen.findByRole('option', { name: 'France' }));
    expect(((await screen.findByRole('combobox', { name: 'Region' })) as HTMLInputElement).value).toBe('');
    expect(store.changedValues()).toEqual({ Values: { Country: 'France', Region: null } });
    await waitFor(() => expect(loadOptions).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Region' }), { Country: 'France' }, expect.anything()));
    await open('Region');
    await act(async () => undefined);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Bretagne']);
  });

  it('chooses several values of a MultiEnum and needs at least one', async () => {
    const { store } = renderLayoutForm(layoutOf([{ Name: 'Tags', DisplayValue: 'Tags', Type: 'MultiEnum', Required: true, EnumMembers: [{ DisplayName: 'Alpha', Value: 'a' }, { DisplayName: 'Beta', Value: 'b' }] }]));
    await open(/Tags/);
    fireEvent.click(screen.getByRole('option', { name: 'Alpha' }));
    await open(/Tags/);
    fireEvent.click(screen.getByRole('option', { name: 'Beta' }));
    expect(store.getField('Tags').value).toEqual(['a', 'b']);
    act(() => store.setValue('Tags', []));
    fireEvent.blur(screen.getByRole('combobox', { name: /Tags/ }));
    expect(screen.getByRole('alert').textContent).toBe('Select at least one value.');
  });
});
