// @vitest-environment jsdom
/**
 * The create form and the master–detail actions of screen-definitions/screens/api-tokens.json and webhooks.json,
 * drawn with answers in memory: what the user may tick, the body sent, the secret shown once, a refusal
 * kept in the form, and the deliveries' replay buttons for whom may replay (and their calls).
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import tokens from '../../screen-definitions/screens/api-tokens.json';
import webhooks from '../../screen-definitions/screens/webhooks.json';
import pricelists from '../../screen-definitions/screens/pricelists.json';
import customCharges from '../../screen-definitions/screens/custom-charges.json';
import type { Capability } from '../../contract/capabilities';
import { masterDetailModel, resolveText, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { CreateForm } from './CreateForm';
import type { GridServiceCaller } from './grid-service';
import { MasterDetailRows } from './MasterDetailRows';

beforeAll(initFormTexts);
afterEach(cleanup);

type Call = { method: string; body: Record<string, unknown> };
const caller = (answer: (method: string, body: Record<string, unknown>) => unknown) => {
  const calls: Call[] = [];
  const callService: GridServiceCaller = async (_service, method, body) => {
    calls.push({ method, body });
    return answer(method, body);
  };
  return { calls, callService };
};
const text = (ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, (key, v) => i18next.t(key, v), 'en', values);

function drawForm(capabilities: Capability[], answer: (method: string) => unknown) {
  const { calls, callService } = caller(answer);
  let done = 0;
  const form = (tokens as unknown as ScreenDefinition).createForm!;
  render(
    <ThemeProvider theme={testTheme}>
      <CreateForm form={form} idPrefix="api-tokens-new" text={text} context={{}} capabilities={capabilities} callService={callService} onDone={() => (done += 1)} />
    </ThemeProvider>,
  );
  return { calls, done: () => done };
}

describe('<CreateForm>', () => {
  const held: Capability[] = [{ ObjectType: 'LOGIN', Read: true }, { ObjectType: 'USERS', Read: true, Create: true }];

  it('offers the flags held, sends the form, and shows the token once', async () => {
    const drawn = drawForm(held, () => ({ Token: 'mpt_secret', ApiToken: { Name: 'sync' } }));
    fireEvent.click(screen.getByTestId('api-tokens-new-open'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: 'LOGIN Read' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'USERS Delete' })).toBeNull();
    const submit = screen.getByTestId('api-tokens-new-submit');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('api-tokens-new-name'), { target: { value: ' sync ' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'USERS Create' }));
    fireEvent.change(screen.getByTestId('api-tokens-new-allowedIps'), { target: { value: '10.0.0.1 10.0.0.2' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);

    await waitFor(() => expect(screen.getByTestId('api-tokens-new-secret')).toHaveProperty('value', 'mpt_secret'));
    expect(drawn.calls).toEqual([{ method: 'CreateApiToken', body: { name: 'sync', expiresInDays: 90, capabilities: [{ ObjectType: 'USERS', Create: true }], allowedIps: ['10.0.0.1', '10.0.0.2'] } }]);
    expect(screen.getByRole('dialog').textContent).toContain('Copy the token “sync” now');
    expect(drawn.done()).toBe(1);
    fireEvent.click(screen.getByTestId('api-tokens-new-done'));
    await waitFor(() => expect(screen.queryByTestId('api-tokens-new-secret')).toBeNull());
  });

  it('keeps a refusal in the form, beside what the user typed', async () => {
    const drawn = drawForm(held, () => {
      throw new Error('Choose at least one capability for the token.');
    });
    fireEvent.click(screen.getByTestId('api-tokens-new-open'));
    fireEvent.change(screen.getByTestId('api-tokens-new-name'), { target: { value: 'sync' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'USERS Read' }));
    fireEvent.click(screen.getByTestId('api-tokens-new-submit'));
    await waitFor(() => expect(screen.getByTestId('api-tokens-new-error').textContent).toBe('Choose at least one capability for the token.'));
    expect(screen.getByTestId('api-tokens-new-name')).toHaveProperty('value', 'sync');
    expect(screen.queryByTestId('api-tokens-new-secret')).toBeNull();
    expect(drawn.done()).toBe(0);
  });
});

describe('master–detail actions (webhook deliveries)', () => {
  const definition = webhooks as unknown as ScreenDefinition;
  const detail = masterDetailModel(definition, (key, values) => i18next.t(key, values), 'en')!;
  const master = { EndpointId: 3, Url: 'https://hooks.example/a' };
  const deliveries = [
    { DeliveryId: 5, EventType: 'quote.sent', Status: 'Failed', Attempts: 3, CreatedAt: '2026-11-26T08:00:00Z' },
    { DeliveryId: 6, EventType: 'quote.accepted', Status: 'Succeeded', Attempts: 1, CreatedAt: '2026-11-26T08:01:00Z' },
  ];

  function drawRows(capabilities: Capability[]) {
    const { calls, callService } = caller((method) => (method === 'ListWebhookDeliveries' ? deliveries : { Replayed: 1 }));
    let changed = 0;
    render(
      <ThemeProvider theme={testTheme}>
        <MasterDetailRows detail={detail} master={master} masterId={3} context={{}} callService={callService} locale="en" onClose={() => undefined} capabilities={capabilities} onChanged={() => (changed += 1)} />
      </ThemeProvider>,
    );
    return { calls, changed: () => changed };
  }

  it('replays one delivery or every failed one for whom holds WEBHOOKS Execute, then reloads', async () => {
    const drawn = drawRows([{ ObjectType: 'WEBHOOKS', Read: true, Execute: true }]);
    await waitFor(() => expect(screen.getAllByTestId('grid-detail-row')).toHaveLength(2));
    expect(screen.getByRole('region').textContent).toContain('Deliveries to https://hooks.example/a');
    const all = screen.getByTestId('grid-detail-all-replayFailed');
    expect(all.textContent).toBe('Replay failed (1)');
    fireEvent.click(within(screen.getAllByTestId('grid-detail-row')[1]).getByTestId('grid-detail-action-replay'));
    await waitFor(() => expect(drawn.changed()).toBe(1));
    fireEvent.click(all);
    await waitFor(() => expect(drawn.changed()).toBe(2));
    expect(drawn.calls.filter((call) => call.method === 'ReplayWebhookDeliveries').map((call) => call.body)).toEqual([{ endpointId: 3, deliveryId: 6 }, { endpointId: 3 }]);
    // Each action reloads the deliveries (the first load, then one per action).
    await waitFor(() => expect(drawn.calls.filter((call) => call.method === 'ListWebhookDeliveries')).toHaveLength(3));
  });

  it('offers no replay to whom may only read', async () => {
    drawRows([{ ObjectType: 'WEBHOOKS', Read: true }]);
    await waitFor(() => expect(screen.getAllByTestId('grid-detail-row')).toHaveLength(2));
    expect(screen.queryByTestId('grid-detail-action-replay')).toBeNull();
    expect(screen.queryByTestId('grid-detail-all-replayFailed')).toBeNull();
  });
});

describe('<CreateForm> of a pricelist', () => {
  it('offers the currencies a method answers, sends the form, says it is done and opens the new pricelist\'s propagation', async () => {
    const { calls, callService } = caller((method) => (method === 'GetAvailableCurrencyList' ? ['EUR', 'GBP', 'USD'] : { Id: 21, Name: 'Offer', Currency: 'GBP', PricePriority: 50 }));
    const said: string[] = [];
    const opened: string[] = [];
    render(
      <ThemeProvider theme={testTheme}>
        <CreateForm form={(pricelists as unknown as ScreenDefinition).createForm!} idPrefix="pricelists-create" text={text} context={{}} capabilities={[]} callService={callService} onDone={() => undefined} onSuccess={(message) => said.push(message)} navigate={(to) => opened.push(to)} />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByTestId('pricelists-create-open'));
    await waitFor(() => expect(calls.map((call) => call.method)).toEqual(['GetAvailableCurrencyList']));
    fireEvent.change(screen.getByTestId('pricelists-create-marketplaceOffer.Name'), { target: { value: ' Offer ' } });
    fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'GBP' }));
    fireEvent.click(screen.getByTestId('pricelists-create-submit'));
    await waitFor(() => expect(opened).toEqual(['/propagation?marketplaceId=21']));
    expect(calls[1]).toEqual({ method: 'CreateMarketplace', body: { marketplaceOffer: { Name: 'Offer', Currency: 'GBP' } } });
    expect(said).toEqual(['The pricelist was created. Add services to it by propagation.']);
  });
});

describe('<CreateForm> of a custom charge (number fields)', () => {
  it('says a price of zero or a cost that is no number, keeps the form from being sent, and sends the amounts read in the page\'s language', async () => {
    const { calls, callService } = caller(() => ({ Id: 5 }));
    const said: string[] = [];
    render(
      <ThemeProvider theme={testTheme}>
        <CreateForm form={(customCharges as unknown as ScreenDefinition).createForm!} idPrefix="custom-charges-add" text={text} context={{ accountId: '7' }} capabilities={[]} callService={callService} onDone={() => undefined} onSuccess={(message) => said.push(message)} locale="de" />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByTestId('custom-charges-add-open'));
    const field = (param: string) => screen.getByTestId(`custom-charges-add-customCharge.${param}`);
    const submit = screen.getByTestId('custom-charges-add-submit');
    expect(field('Cost')).toHaveProperty('value', '0');
    expect(field('Price').getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(field('Name'), { target: { value: 'Visit' } });
    fireEvent.change(field('Price'), { target: { value: '-0' } });
    expect(screen.getByText('Enter a number other than zero.')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field('Price'), { target: { value: '-1.234,5' } });
    fireEvent.change(field('Cost'), { target: { value: 'abc' } });
    expect(screen.getByText('Enter a number.')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(field('Cost'), { target: { value: '2,25' } });
    expect(screen.queryByText('Enter a number other than zero.')).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'AddCustomCharge', body: { customCharge: { AccountId: 7, Name: 'Visit', Price: -1234.5, Cost: 2.25 } } });
    await waitFor(() => expect(said).toEqual(['The custom charge was added; it will be billed at the end of the month.']));
  });
});
