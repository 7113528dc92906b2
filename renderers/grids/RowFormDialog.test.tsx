// @vitest-environment jsdom
/**
 * The row form of screen-definitions/screens/pricing-rules.json drawn with answers in memory: a new row counted
 * after the list, the preview asked with the list as it would be saved and its rows marked, the whole list saved,
 * a stored row's locked fields and remove, and a read-only row for whom may not edit.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import pricing from '../../screen-definitions/screens/pricing-rules.json';
import { resolveText, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import type { GridServiceCaller } from './grid-service';
import { RowFormDialog } from './RowFormDialog';

beforeAll(initFormTexts);
afterEach(cleanup);

const form = (pricing as unknown as ScreenDefinition).rowForm!;
const text = (ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, (key, v) => i18next.t(key, v), 'en', values);
const stored = { Id: 2, Name: 'Hosting markup', Priority: 10, VendorAccountId: 7, VendorName: 'Contoso', ServiceGroup: 'Hosting', PriceableItem: null, PricingModel: 'Markup', Value: 15, IsDefault: false };
const fallback = { Id: 1, Name: 'Default prices', Priority: 1000, VendorAccountId: null, VendorName: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'SRP', Value: 0, IsDefault: true };
const group = { MarketplaceId: 4, Currency: 'EUR', Rules: [stored, fallback] };
const items = (rules: { Name: string }[]) => ({
  MarketplaceId: 4,
  Items: [
    { ServiceName: 'mail', DisplayName: 'Mail', VendorAccountId: 7, VendorName: 'Contoso', ServiceGroup: 'Hosting', PriceableItem: 'Recurring fee', Currency: 'EUR', PurchasePrice: 10, SuggestedRetailPrice: 12, SalesPrice: 11.5, RuleName: 'Default prices', PricingModel: 'SRP' },
    { ServiceName: 'vm', DisplayName: 'Virtual machine', VendorAccountId: 7, VendorName: 'Contoso', ServiceGroup: 'Hosting', PriceableItem: 'Recurring fee', Currency: 'EUR', PurchasePrice: 20, SuggestedRetailPrice: 30, SalesPrice: 5, RuleName: rules[rules.length - 1]?.Name ?? null, PricingModel: 'Static' },
  ],
});

type Call = { method: string; body: Record<string, unknown> };

function draw(row: Record<string, unknown> | undefined, canEdit = true) {
  const calls: Call[] = [];
  const callService: GridServiceCaller = async (_service, method, body) => {
    calls.push({ method, body });
    if (method === 'GetPricingRuleGroup') return group;
    if (method === 'GetDynamicPricesPreview') return items((body.inputDto as { Rules: { Name: string }[] }).Rules);
    return group;
  };
  const saved: string[] = [];
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={testTheme}>
        <RowFormDialog form={form} idPrefix="rules-rule" rowId="Id" row={row} canEdit={canEdit} context={{ marketplaceId: '4' }} callService={callService} text={text} locale="en" onClose={() => undefined} onSaved={(message) => saved.push(message)} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { calls, saved };
}

const rulesSent = (call: Call | undefined) => (call?.body.inputDto as { Rules: Record<string, unknown>[] } | undefined)?.Rules;

describe('<RowFormDialog>', () => {
  it('adds a row after the list, previews the list with it, and saves the whole list', async () => {
    const drawn = draw(undefined);
    const name = await screen.findByTestId('rules-rule-Name');
    expect(screen.getByTestId('rules-rule-Priority')).toHaveProperty('value', '20');
    const save = screen.getByTestId('rules-rule-save');
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: 'Everything' } });
    fireEvent.change(screen.getByTestId('rules-rule-Value'), { target: { value: '7,5' } });
    await waitFor(() => expect(screen.getByTestId('rules-rule-preview-summary').textContent).toBe('This rule prices 1 of 2 items.'), { timeout: 3000 });
    const marked = screen.getByTestId('rules-rule-preview-marked');
    expect(within(marked).getByTestId('rules-rule-preview-DisplayName').textContent).toBe('Virtual machine');
    expect(within(marked).getByTestId('rules-rule-preview-SalesPrice').textContent).toMatch(/5\.00/);
    expect(rulesSent(drawn.calls.filter((call) => call.method === 'GetDynamicPricesPreview').at(-1))?.at(-1)).toEqual({ Name: 'Everything', Priority: 20, VendorAccountId: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 7.5 });

    fireEvent.click(save);
    await waitFor(() => expect(drawn.saved).toEqual(['The pricing rules were saved.']));
    const sent = drawn.calls.find((call) => call.method === 'UpdatePricingRuleGroup');
    expect(sent?.body.inputDto).toMatchObject({ MarketplaceId: 4 });
    expect(rulesSent(sent)?.map((rule) => [rule.Id, rule.Name])).toEqual([[2, 'Hosting markup'], [1, 'Default prices'], [undefined, 'Everything']]);
  });

  it('locks what a default row may not change, hides the value of SRP, and offers no remove for it', async () => {
    draw(fallback);
    expect(await screen.findByTestId('rules-rule-Name')).toHaveProperty('disabled', false);
    expect(screen.getByText('The default prices rule keeps the lowest priority (the highest number).')).toBeTruthy();
    expect(screen.getByTestId('rules-rule-PricingModel').getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByTestId('rules-rule-Value')).toBeNull();
    expect(screen.queryByTestId('rules-rule-remove')).toBeNull();
  });

  it('removes a stored row by saving the list without it', async () => {
    const drawn = draw(stored);
    fireEvent.click(await screen.findByTestId('rules-rule-remove'));
    await waitFor(() => expect(drawn.saved).toHaveLength(1));
    expect(rulesSent(drawn.calls.find((call) => call.method === 'UpdatePricingRuleGroup'))?.map((rule) => rule.Id)).toEqual([1]);
  });

  it('shows a row read-only to whom may not edit it', async () => {
    draw(stored, false);
    expect(await screen.findByTestId('rules-rule-Name')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('rules-rule-Value')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('rules-rule-save')).toBeNull();
    expect(screen.queryByTestId('rules-rule-remove')).toBeNull();
  });
});
