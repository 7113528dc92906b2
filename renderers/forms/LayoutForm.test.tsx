// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { everyKindLayout, everyKindViews } from '../../engine/forms/fixtures/every-kind-layout';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { fieldLimits, FIRST_COMMIT_FIELDS } from './LayoutForm';
import { initFormTexts, renderLayoutForm } from './test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('<LayoutForm>', { timeout: 30_000 }, () => {
  it('renders pages as tabs and containers as sections, only the active page in the DOM', () => {
    renderLayoutForm(everyKindLayout, { views: everyKindViews });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Address']);
    expect(screen.getByRole('region', { name: 'Basics' })).toBeTruthy();
    expect(screen.queryByTestId('field-Region')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Address' }));
    expect(screen.getByTestId('field-Region')).toBeTruthy();
    expect(screen.queryByTestId('field-DisplayName')).toBeNull();
  });

  it('hides fields whose VisibleWhen fails and shows them when it holds', () => {
    const { store } = renderLayoutForm(everyKindLayout, { views: everyKindViews });
    fireEvent.click(screen.getByRole('tab', { name: 'Address' }));
    act(() => store.setValue('Country', null));
    expect(screen.queryByTestId('field-Region')).toBeNull();
    act(() => store.setValue('Country', 'France'));
    expect(screen.getByTestId('field-Region')).toBeTruthy();
  });

  it('tells when it becomes dirty and clean again', () => {
    const onDirtyChange = vi.fn();
    renderLayoutForm(everyKindLayout, { views: everyKindViews, onDirtyChange });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    const name = screen.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Contoso Ltd' } });
    fireEvent.change(name, { target: { value: 'Contoso Ltd.' } });
    fireEvent.change(name, { target: { value: 'Contoso' } });
    expect(onDirtyChange.mock.calls.map(([dirty]) => dirty)).toEqual([false, true, false]);
  });

  it('on a failed submit shows the page of the first invalid field, with error counts on the tabs', async () => {
    const { form } = renderLayoutForm(everyKindLayout, { views: everyKindViews });
    act(() => form.store.setValue('Email', ''));
    fireEvent.click(screen.getByRole('tab', { name: 'Address' }));
    act(() => form.store.setValue('Tags', []));
    const save = vi.fn(async () => undefined);
    await act(async () => {
      await form.submit(save);
    });
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('General');
    expect(screen.getAllByLabelText('Errors on this page: 1')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
  });

  it('draws a long page whole after a first commit of the fields in view', async () => {
    const layout = largeLayout(2, 60);
    renderLayoutForm(layout, { views: largeLayoutViews(layout) });
    const drawn = () => screen.getByTestId('form-panel-Page1').querySelectorAll('[data-testid^="field-"]');
    expect(drawn()).toHaveLength(FIRST_COMMIT_FIELDS);
    await waitFor(() => expect(drawn()).toHaveLength(60));
  });
});

describe('fieldLimits', () => {
  const containers = [{ fields: ['a', 'b', 'c'] }, { fields: [] }, { fields: ['d', 'e'] }, { fields: ['f'] }];

  it('spends the budget in page order and leaves later containers undrawn', () => {
    expect(fieldLimits(containers, 4)).toEqual([3, 0, 1, undefined]);
    expect(fieldLimits(containers, 3)).toEqual([3, undefined, undefined, undefined]);
  });

  it('draws everything without a budget', () => {
    expect(fieldLimits(containers, Infinity)).toEqual([3, 0, 2, 1]);
  });

  it('starts with more fields than a tall screen shows', () => {
    expect(FIRST_COMMIT_FIELDS).toBeGreaterThanOrEqual(24);
  });
});
