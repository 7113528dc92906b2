// @vitest-environment jsdom
/**
 * <DefinedLayoutCreate> on screen-definitions/screens/account-create.json with answers in memory: a user created
 * from its layout under the route's parent (the call's body, the message, the new record's route), an unknown kind
 * not found, a subscription's product chosen first and its price and limit shown above the form, a refusal said.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import definition from '../../screen-definitions/screens/account-create.json';
import type { ViewLayout } from '../../contract/services/account-schemas';
import type { ScreenContext, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedLayoutCreate } from './DefinedLayoutCreate';

beforeAll(initFormTexts);
afterEach(cleanup);

const kinds = [
  { AccountType: 'User', Segment: 'user', Label: 'User', MayCreate: true },
  { AccountType: 'Product', Segment: 'service', Label: 'Subscription', MayCreate: true },
  { AccountType: 'Partner', Segment: 'partner', Label: 'Partner', MayCreate: false },
];
const userLayout: ViewLayout = {
  AccountType: 'User',
  Action: 'CREATE',
  Pages: [{ Id: 1, Name: 'main', DisplayValue: 'Main', Containers: [{ Name: 'c', Fields: [{ Name: 'FirstName', DisplayValue: 'First name', Type: 'String', Required: true }] }] }],
};
const productLayout: ViewLayout = {
  AccountType: 'Product',
  ProductName: 'Cloud Backup',
  Action: 'CREATE',
  Pages: [{ Id: 1, Name: 'main', DisplayValue: 'Main', Containers: [{ Name: 'c', Fields: [{ Name: 'ProductName', DisplayValue: 'Service', Type: 'String', ReadOnly: true }, { Name: 'Seats', DisplayValue: 'Seats', Type: 'Integer' }] }] }],
};
const service = { DisplayName: 'Cloud Backup', SalesPrice: 12.5, Currency: 'EUR', FeeType: 'monthly', BaseFee: 0, BaseFeeCurrency: 'EUR', BillingRule: 'Monthly' };

function draw(context: ScreenContext, refuse = false) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const callService = vi.fn(async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    switch (method) {
      case 'ListAccountTypes':
        return kinds;
      case 'LoadAccountById':
        return { AccountId: body.accountId, Views: { Values: { DisplayName: 'Contoso Ltd' } } };
      case 'GetViewLayout':
        return body.accountType === 'Product' ? productLayout : userLayout;
      case 'GetEnumDataForField':
        return [{ Value: 'Cloud Backup', DisplayName: 'Cloud Backup' }, { Value: 'Mail', DisplayName: 'Mail' }];
      case 'GetProductMetaRules':
        return { ProductName: 'Cloud Backup', MaxPerCompany: 2, ExistingCount: 2 };
      case 'GetAccountAllowedServices':
        return { PricelistAccountId: null, Services: [service] };
      case 'CreateAccount':
        if (refuse) throw new Error('A user with this name exists.');
        return { AccountId: 77, Views: { Values: { DisplayName: 'Jana' } } };
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  const navigate = vi.fn();
  const messages: string[] = [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider theme={testTheme}>
        <DefinedLayoutCreate
          definition={definition as unknown as ScreenDefinition}
          context={context}
          capabilities={[]}
          callService={callService}
          onError={(message) => messages.push(`error: ${message}`)}
          onSuccess={(message) => messages.push(message)}
          navigate={navigate}
        />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { calls, navigate, messages };
}

describe('<DefinedLayoutCreate>', { timeout: 30_000 }, () => {
  it('creates a user from its layout under the route\'s parent and opens it', async () => {
    const { calls, navigate, messages } = draw({ accountType: 'user', parentId: '7', companyId: '3' });
    expect(await screen.findByRole('heading', { name: 'New user' })).toBeTruthy();
    expect(screen.getByText('Parent account: Contoso Ltd')).toBeTruthy();
    expect(calls.find((call) => call.method === 'LoadAccountById')?.body).toEqual({ accountId: 7 });
    expect(calls.find((call) => call.method === 'GetViewLayout')?.body).toEqual({ accountType: 'User', action: 'CREATE' });
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Jana' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/77', { replace: true }));
    expect(calls.find((call) => call.method === 'CreateAccount')?.body).toEqual({ parentAccountId: 7, accountType: 'User', viewValues: { Values: { FirstName: 'Jana' } } });
    expect(messages).toEqual(['Jana was created.']);
    expect(screen.getByTestId('form-save').textContent).toBe('Create');
  });

  it('says a refusal and stays on the form', async () => {
    const { navigate, messages } = draw({ accountType: 'user', companyId: '3' }, true);
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Jana' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(messages).toEqual(['error: A user with this name exists.']));
    expect(navigate).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Jana');
  });

  it('is not found for an unknown kind, one the user may not create, or a parent that is no id', async () => {
    for (const context of [{ accountType: 'robot', companyId: '3' }, { accountType: 'partner', companyId: '3' }, { accountType: 'user', parentId: 'contoso' }]) {
      const { calls } = draw(context);
      expect(await screen.findByTestId('not-found')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(calls.map((call) => call.method)).toEqual(['ListAccountTypes']);
      cleanup();
    }
  });

  it('asks for the product first, then shows its price and the limit above the product\'s form', async () => {
    const first = draw({ accountType: 'service', companyId: '3' });
    expect(await screen.findByRole('heading', { name: 'Order a service' })).toBeTruthy();
    expect(first.calls.some((call) => call.method === 'GetViewLayout')).toBe(false);
    expect(screen.getByTestId('product-continue')).toHaveProperty('disabled', true);
    const picker = screen.getByTestId('product-picker');
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Cloud Backup' }));
    fireEvent.click(screen.getByTestId('product-continue'));
    expect(first.navigate).toHaveBeenCalledWith('?product=Cloud+Backup');
    expect(first.calls.find((call) => call.method === 'GetEnumDataForField')?.body).toEqual({ parentAccountId: 3, viewName: 'Values', fieldName: 'ProductName', accountType: 'Product' });
    cleanup();

    const { calls } = draw({ accountType: 'service', companyId: '3', product: 'Cloud Backup' });
    expect(await screen.findByRole('heading', { name: 'Order a service: Cloud Backup' })).toBeTruthy();
    expect((await screen.findByTestId('order-price-amount')).textContent).toBe('€12.50 per month');
    expect(screen.getByTestId('order-price').textContent).toContain('List prices: no pricelist applies to this account.');
    expect((await screen.findByTestId('product-limit')).textContent).toBe('Your company already holds 2 of at most 2 subscriptions of Cloud Backup.');
    expect(calls.find((call) => call.method === 'GetViewLayout')?.body).toEqual({ accountType: 'Product', action: 'CREATE', productName: 'Cloud Backup' });
    expect(((await screen.findByTestId('value-ProductName')) as HTMLElement).textContent).toBe('Cloud Backup');
  });
});
