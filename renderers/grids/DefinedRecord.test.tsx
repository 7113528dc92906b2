// @vitest-environment jsdom
/**
 * <DefinedRecord> on screen-definitions/screens/service-detail.json with answers in
 * memory: what a reader and a pricelist manager see of one service, the calls
 * made for each (a source only with a pricelist in the route), the pricelists
 * table with the route's row highlighted, and a refusal in the page's place.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/service-detail.json';
import type { Capability } from '../../contract/capabilities';
import type { ScreenContext, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedRecord } from './DefinedRecord';

beforeAll(initFormTexts);
afterEach(cleanup);

const service = {
  Service: {
    DisplayName: 'Contoso Backup',
    ShortDescription: 'Backups for small teams.',
    Description: 'Daily copies.',
    Features: 'Encrypted\nVersioned',
    VendorName: 'Adatum',
    Category: 'Backup',
    ServiceGroup: 'Backup',
    ProductNumber: 'P-1',
    VendorSku: 'SKU-1',
    BillingRule: 'Monthly',
    FeeType: 'monthly',
    Currency: 'GBP',
    BaseFee: 0,
    SuggestedRetailPrice: 10,
    Tags: ['cloud'],
    IsNew: true,
    Icon: null,
  },
  CanOrder: true,
  SalesPrice: 8,
  SalesPriceCurrency: 'GBP',
  MarketplaceId: null,
  MarketplaceName: null,
};
const pricelists = {
  ServiceId: 5,
  Marketplaces: [
    { MarketplaceId: 3, Name: 'Retail', Currency: 'GBP', PricePriority: 1, ContainsService: true, SalesPrice: 9, CustomersCount: 2 },
    { MarketplaceId: 4, Name: 'Partners', Currency: 'EUR', PricePriority: 2, ContainsService: false, SalesPrice: null, CustomersCount: 0 },
  ],
};
const inPricelist = { Service: service.Service, Marketplace: { MarketplaceId: 3, Name: 'Retail', Currency: 'GBP', PricePriority: 1 }, ContainsService: true, PurchasePrice: 6, ListPrice: 10, SalesPrice: 9, MarginPercent: 33.33 };

const reader: Capability[] = [{ ObjectType: 'MARKETPLACE', Read: true }];
const manager: Capability[] = [...reader, { ObjectType: 'PRICE_LISTS', Read: true }, { ObjectType: 'PRODUCT_ACCOUNT', Create: true }];

function draw(capabilities: Capability[], context: ScreenContext, refuse?: string) {
  const calls: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    if (refuse === method) throw new Error('Not available to you.');
    if (method === 'GetCompanyMarketplaceService') return service;
    if (method === 'GetAvailableMarketplacesForServices') return pricelists;
    return inPricelist;
  };
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter>
        <DefinedRecord definition={definition as unknown as ScreenDefinition} context={context} capabilities={capabilities} callService={callService} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return calls;
}

describe('<DefinedRecord> on the service detail', () => {
  it('shows a reader the service, its price and no pricelists or order link', async () => {
    const calls = draw(reader, { serviceId: '5', pricelistId: '3' });
    expect((await screen.findByTestId('service-detail-name')).textContent).toContain('Contoso Backup');
    expect(screen.getByTestId('service-detail-short').textContent).toContain('Backups for small teams.');
    expect(screen.getByTestId('service-detail-price').textContent).toContain('£8.00');
    expect(screen.getByText('Encrypted')).toBeTruthy();
    expect(screen.queryByTestId('service-detail-order')).toBeNull();
    expect(screen.queryByTestId('service-detail-pricelists')).toBeNull();
    expect(screen.queryByTestId('service-detail-pricelist')).toBeNull();
    expect(calls).toEqual(['GetCompanyMarketplaceService {"serviceName":"5"}']);
  });

  it('shows a manager the order link, the pricelists with the route\'s one highlighted, and its prices there', async () => {
    const calls = draw(manager, { serviceId: '5', pricelistId: '3' });
    const order = await screen.findByTestId('service-detail-order');
    expect(order.getAttribute('href')).toBe('/account/new/service?product=Contoso%20Backup');
    const table = await screen.findByTestId('service-detail-pricelists');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].getAttribute('aria-current')).toBe('true');
    expect(within(rows[0]).getByRole('link', { name: 'Retail' }).getAttribute('href')).toBe('/service/5/3');
    expect(rows[1].textContent).toContain('Not included');
    const section = await screen.findByTestId('service-detail-pricelist');
    expect(section.textContent).toContain('Retail');
    expect(section.textContent).toContain('£6.00');
    expect(section.textContent).toContain('33.33%');
    expect(calls).toContain('GetMyMarketplaceService {"marketplaceId":3,"serviceName":"5"}');
  });

  it('calls no pricelist source without a pricelist in the route', async () => {
    const calls = draw(manager, { serviceId: '5' });
    await screen.findByTestId('service-detail-pricelists');
    expect(screen.queryByTestId('service-detail-pricelist')).toBeNull();
    expect(calls.some((call) => call.startsWith('GetMyMarketplaceService'))).toBe(false);
  });

  it('shows the refusal in the page\'s place, and a source\'s in its section\'s', async () => {
    draw(manager, { serviceId: '5', pricelistId: '3' }, 'GetMyMarketplaceService');
    expect((await screen.findByTestId('service-detail-pricelist-failed')).textContent).toContain('Not available to you.');
    cleanup();
    draw(reader, { serviceId: '404' }, 'GetCompanyMarketplaceService');
    await waitFor(() => expect(screen.getByTestId('service-detail-error').textContent).toContain('Not available to you.'));
  });
});
