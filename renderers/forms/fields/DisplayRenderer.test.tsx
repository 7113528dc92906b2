// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

describe('display renderer', { timeout: 30_000 }, () => {
  it('shows read-only values as text in the locale: numbers, dates, yes/no, option labels, remote labels', async () => {
    const loadOptions = vi.fn(async () => [{ value: 'Germany', label: 'Deutschland' }]);
    renderLayoutForm(
      layoutOf([
        { Name: 'Budget', DisplayValue: 'Budget', Type: 'Number' },
        { Name: 'StartDate', DisplayValue: 'Start', Type: 'Date' },
        { Name: 'Newsletter', DisplayValue: 'Newsletter', Type: 'Boolean' },
        { Name: 'Size', DisplayValue: 'Size', Type: 'Enum', EnumMembers: [{ DisplayName: 'Small', Value: 'S' }] },
        { Name: 'Country', DisplayValue: 'Country', Type: 'Enum', RemoteEnum: { DependsOn: [] } },
        { Name: 'Website', DisplayValue: 'Website' },
      ]),
      { mode: 'view', views: { Values: { Budget: 1500.5, StartDate: '2025-03-01', Newsletter: false, Size: 'S', Country: 'Germany' } }, services: { loadOptions } },
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('value-Budget').textContent).toBe('1,500.5');
    expect(screen.getByTestId('value-StartDate').textContent).toBe('Mar 1, 2025');
    expect(screen.getByTestId('value-Newsletter').textContent).toBe('No');
    expect(screen.getByTestId('value-Size').textContent).toBe('Small');
    expect(screen.getByTestId('value-Website').textContent).toBe('Not set');
    await waitFor(() => expect(screen.getByTestId('value-Country').textContent).toBe('Deutschland'));
  });
});
