// @vitest-environment jsdom
/** The toolbar's context picker of screen-definitions/screens/pricing-rules.json: the first choice taken, and its empty text when there is none. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import pricing from '../../screen-definitions/screens/pricing-rules.json';
import type { ScreenDefinition } from '../../engine/grids';
import { ContextPicker } from './ContextPicker';

afterEach(cleanup);

const picker = (pricing as unknown as ScreenDefinition).contextPicker!;

function draw(answer: unknown[]) {
  const picked: (string | number)[] = [];
  render(<ContextPicker picker={picker} label="Pricelist" emptyText="No pricelists." context={{}} value={undefined} onPick={(value) => picked.push(value)} callService={async () => answer} onError={() => undefined} />);
  return picked;
}

describe('<ContextPicker>', () => {
  it('takes the first choice when the screen gives none', async () => {
    const picked = draw([{ MarketplaceId: 4, Name: 'Northwind', Currency: 'EUR' }, { MarketplaceId: 5, Name: 'Fabrikam', Currency: 'USD' }]);
    await waitFor(() => expect(picked).toEqual([4]));
    expect(screen.queryByTestId('grid-context-picker-empty')).toBeNull();
  });
  it('says its empty text instead of a picker with nothing to choose', async () => {
    const picked = draw([]);
    expect((await screen.findByTestId('grid-context-picker-empty')).textContent).toBe('No pricelists.');
    expect(picked).toEqual([]);
  });
});
