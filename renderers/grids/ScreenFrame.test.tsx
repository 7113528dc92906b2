// @vitest-environment jsdom
/**
 * <ScreenFrame> on the pricelists definitions with answers in memory: the heading from the record a
 * method loads (or the refusal), the way back, the links a capability shows, the refusal text, the
 * reorder dialog and its save, and the jobs a save answered followed to their end with a bar.
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceEventData } from '../../contract/realtime';
import pricelistsJson from '../../screen-definitions/screens/pricelists.json';
import pricesJson from '../../screen-definitions/screens/prices.json';
import type { ScreenDefinition } from '../../engine/grids';
import type { Capability } from '../../contract/capabilities';
import { initFormTexts, testTheme } from '../forms/test-support';
import { ScreenFrame, type FramedRows } from './ScreenFrame';

beforeAll(initFormTexts);
afterEach(cleanup);

const pricelists = pricelistsJson as unknown as ScreenDefinition;
const prices = pricesJson as unknown as ScreenDefinition;
const reseller: Capability[] = [
  { ObjectType: 'MARKETPLACE', Read: true },
  { ObjectType: 'PRICE_LISTS', Read: true, Execute: true },
];
const rows = [
  { Id: 3, Name: 'Standard', Currency: 'EUR', PricePriority: 20 },
  { Id: 8, Name: 'Partner UK', Currency: 'GBP', PricePriority: 10 },
];

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

interface Drawn {
  calls: string[];
  messages: string[];
  framed: { current?: FramedRows };
  emit: (event: MarketplaceEventData) => void;
}

function draw(definition: ScreenDefinition, capabilities: Capability[], context: Record<string, string>, answer: (method: string) => unknown): Drawn {
  const drawn: Drawn = { calls: [], messages: [], framed: {}, emit: () => undefined };
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    drawn.calls.push(`${method} ${JSON.stringify(body)}`);
    const result = answer(method);
    if (result instanceof Error) throw result;
    return result;
  };
  const subscribe = (listener: (event: MarketplaceEventData) => void) => {
    drawn.emit = listener;
    return () => undefined;
  };
  function Screen() {
    const navigate = useNavigate();
    return (
      <ScreenFrame
        frame={{ definition, context, capabilities, userId: 1, callService, navigate, onError: (text) => drawn.messages.push(`error: ${text}`), onSuccess: (text) => drawn.messages.push(text), subscribeJobEvents: subscribe }}
      >
        {(rows) => {
          drawn.framed.current = rows;
          return <span data-testid="rows">{JSON.stringify(rows.context)}</span>;
        }}
      </ScreenFrame>
    );
  }
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter initialEntries={['/here']}>
        <Routes>
          <Route path="/here" element={<Screen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return drawn;
}

describe('<ScreenFrame> of the prices', () => {
  it('heads the page with the loaded pricelist\'s name, hands it to the rows, and goes back', async () => {
    const drawn = draw(prices, reseller, { marketplaceId: '8' }, () => rows[1]);
    await waitFor(() => expect(screen.getByTestId('prices-title').textContent).toBe('Prices of Partner UK'));
    expect(drawn.calls).toEqual(['GetMarketplace {"marketplaceId":8}']);
    expect(JSON.parse(screen.getByTestId('rows').textContent ?? '')).toEqual({ marketplaceId: '8', pricelistName: 'Partner UK' });
    expect(screen.queryByTestId('prices-not-found')).toBeNull();
    fireEvent.click(screen.getByTestId('prices-back'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pricelists'));
  });

  it('says so when the pricelist is out of reach', async () => {
    draw(prices, reseller, { marketplaceId: '99' }, () => Object.assign(new Error('The pricelist was not found.'), { status: 404 }));
    expect((await screen.findByTestId('prices-not-found')).textContent).toBe('This pricelist does not exist or is not yours.');
    expect(screen.getByTestId('prices-title').textContent).toBe('Prices of ');
  });

  it('follows the jobs a save answered with a bar until the last one ends', async () => {
    const drawn = draw(prices, reseller, { marketplaceId: '8' }, () => rows[1]);
    const job = { JobId: 41, MarketplaceId: 8, Kind: 'Update', Status: 'Pending', TotalItems: 4, ProcessedItems: 0 };
    let saved: boolean | undefined;
    await act(async () => void drawn.framed.current!.onSaveResults!([[job]]).then((done) => (saved = done)));
    expect(screen.getByTestId('prices-job-progress').textContent).toContain('Saving: 0 of 4 services');
    act(() => drawn.emit({ Event: 'DP_UpdateProgress', MarketplaceId: 8, TimeStamp: '', JobId: 41, Processed: 3, Total: 4 }));
    expect(screen.getByTestId('prices-job-progress').textContent).toContain('Saving: 3 of 4 services');
    await act(async () => drawn.emit({ Event: 'DP_UpdateComplete', MarketplaceId: 8, TimeStamp: '', JobId: 41, Processed: 4, Total: 4 }));
    await waitFor(() => expect(saved).toBe(true));
    expect(screen.queryByTestId('prices-job-progress')).toBeNull();
    // A failed job fails the save, and says so.
    await act(async () => void drawn.framed.current!.onSaveResults!([{ ...job, JobId: 42 }]).then((done) => (saved = done)));
    await act(async () => drawn.emit({ Event: 'DP_UpdateFailed', MarketplaceId: 8, TimeStamp: '', JobId: 42, Processed: 1, Total: 4 }));
    await waitFor(() => expect(saved).toBe(false));
    expect(drawn.messages).toContain("error: The updated pricing couldn't be saved, please try again.");
  });
});

describe('<ScreenFrame> of the pricelists', () => {
  it('shows the links the capabilities allow, the hint, and opens a link\'s route', () => {
    draw(pricelists, [{ ObjectType: 'MARKETPLACE', Read: true }, { ObjectType: 'PRICE_LISTS', Read: true }], {}, () => rows);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pricelists');
    expect(screen.getByText('Open a pricelist to edit its prices. Select pricelists to delete them.')).toBeTruthy();
    expect(screen.queryByTestId('pricelists-add-customers')).toBeNull();
    expect(screen.queryByTestId('pricelists-priorities-open')).toBeNull();
    fireEvent.click(screen.getByTestId('pricelists-all-prices'));
    expect(screen.getByTestId('where').textContent).toBe('/pricelists/all/edit-all-prices');
  });

  it('tells whom the definition refuses, instead of the rows', () => {
    draw(pricelists, [{ ObjectType: 'MARKETPLACE', Read: true }], {}, () => rows);
    expect(screen.getByTestId('pricelists-none').textContent).toContain('Your company has no pricelists to manage.');
    expect(screen.queryByTestId('rows')).toBeNull();
    expect(screen.queryByTestId('pricelists-all-prices')).toBeNull();
  });

  it('reorders the pricelists by priority and saves the new order, first = lowest number', async () => {
    const drawn = draw(pricelists, reseller, {}, (method) => (method === 'ListMarketplaces' ? rows : []));
    fireEvent.click(screen.getByTestId('pricelists-priorities-open'));
    const list = await screen.findByTestId('pricelists-priorities-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1. Partner UKGBP', '2. StandardEUR']));
    fireEvent.click(within(screen.getByTestId('pricelists-priorities-3')).getByRole('button', { name: 'Move up' }));
    expect(within(list).getAllByRole('listitem')[0].textContent).toBe('1. StandardEUR');
    fireEvent.click(screen.getByTestId('pricelists-priorities-save'));
    await waitFor(() => expect(drawn.messages).toEqual(['The priorities were saved.']));
    expect(drawn.calls).toContain('SaveMarketplacePriority {"marketplacePriorityList":[{"MarketplaceId":3,"Priority":10},{"MarketplaceId":8,"Priority":20}]}');
    await waitFor(() => expect(screen.queryByTestId('pricelists-priorities-list')).toBeNull());
  });
});
