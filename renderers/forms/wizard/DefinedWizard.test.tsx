// @vitest-environment jsdom
/** A wizard drawn as a screen (issue 33): the subject's heading, tags, lines, table and stop note with its button, then the steps and the success line. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WizardLayout } from '../../../contract/services/wizard-schemas';
import { initFormTexts } from '../test-support';
import { DefinedWizard } from './DefinedWizard';

beforeAll(initFormTexts);
afterEach(cleanup);

const about = { Field: 'about.Blocked', Equals: true };
const wizard: WizardLayout = {
  Name: 'wizards/demo',
  Layout: {
    AccountType: 'Account',
    ProductName: null,
    Action: 'CREATE',
    Pages: [{ Id: 'only', Name: 'only', DisplayValue: 'Only step', Containers: [{ Name: 'main', Fields: [{ Name: 'Note', DisplayValue: 'Note' }] }] }],
  },
  Action: { Service: 'Shop', Method: 'Do', Params: { accountId: { Context: 'accountId' }, note: { Field: 'Note' } }, Into: 'done' },
  SubmitLabels: [{ Label: 'Do it' }],
  Screen: {
    Title: 'Demo wizard',
    Intro: 'Does it.',
    Danger: true,
    Subject: {
      Context: 'accountId',
      Label: 'Account to use',
      Source: { Service: 'Shop', Method: 'About', Params: { accountId: { Context: 'accountId' } }, Into: 'about', Account: 'Account' },
      Tags: [{ Label: 'Blocked', When: about }],
      Lines: [{ Label: 'Items: {count}.', Params: { count: { Answer: 'about', Path: 'Items', Format: 'Count' } } }],
      Tables: [{ Rows: { Answer: 'about', Path: 'Items' }, Columns: [{ Property: 'Name', Label: 'Item' }], Limit: 1, More: 'and {count} more' }],
      Stop: [{ Label: 'Blocked since {date}.', When: about, Tone: 'warning', Params: { date: { Answer: 'about', Path: 'Since' } }, Button: { Label: 'Unblock', Service: 'Shop', Method: 'Unblock', Params: { accountId: { Context: 'accountId' } }, Success: 'Unblocked.' } }],
      Notes: [{ Label: 'Handle with care.', Tone: 'info' }],
    },
    Success: [{ Label: '{name}: {count} done.', Params: { name: { Answer: 'about', Path: 'Account.DisplayName' }, count: { Answer: 'done', Path: 'Count' } } }],
  },
};

/** A wizard about the record the route names (no picker) that shows an outcome after its final call. */
const named: WizardLayout = {
  ...wizard,
  Screen: {
    Title: 'Upgrade',
    Subject: {
      Context: 'accountId',
      Source: { Service: 'Account', Method: 'LoadAccountById', Params: { accountId: { Context: 'accountId' } }, Into: 'record', Name: 'Views.Values.DisplayName' },
      Stop: [{ Label: 'Only a product.', When: { Field: 'record.AccountType', NotEquals: 'Product' } }],
    },
    Success: [{ Label: 'Done.' }],
    Outcome: {
      Lines: [{ Label: '{count} changed.', Params: { count: { Answer: 'done', Path: 'Steps', Format: 'Count' } } }],
      Tables: [{ Rows: { Answer: 'done', Path: 'Steps' }, Columns: [{ Property: 'AccountId', Label: 'Account', Equals: { Answer: 'done', Path: 'TargetAccountId' }, Present: 'New', Absent: 'Old', Link: '/account/{AccountId}' }] }],
    },
  },
};

function setUp() {
  let blocked = true;
  const call = vi.fn(async (service: string, method: string, params: Record<string, unknown>) => {
    if (method === 'GetWizardLayout') return wizard;
    if (method === 'About') return { Account: { AccountId: Number(params.accountId), DisplayName: 'Finance', AccountType: 'Department' }, Blocked: blocked, Since: 'May', Items: [{ Name: 'Backup' }, { Name: 'Mail' }] };
    if (method === 'Unblock') {
      blocked = false;
      return {};
    }
    return { Count: 2 };
  });
  const onSuccess = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DefinedWizard
          name="wizards/demo"
          context={{ accountId: '6' }}
          capabilities={[]}
          call={call}
          onContextChange={vi.fn()}
          renderPicker={({ label, account }) => <div data-testid="picker">{`${label}: ${account?.DisplayName ?? ''}`}</div>}
          onSuccess={onSuccess}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { call, onSuccess };
}

describe('a wizard drawn as a screen', () => {
  it('tells about the subject, stops while a Stop note holds, its button calls, then the steps run and say the success line', async () => {
    const { call, onSuccess } = setUp();
    expect(await screen.findByTestId('wizard-subject-name')).toHaveProperty('textContent', 'Finance');
    expect(screen.getByRole('heading', { name: 'Demo wizard' })).toBeTruthy();
    expect(screen.getByTestId('picker').textContent).toBe('Account to use: Finance');
    expect(screen.getByTestId('wizard-tag').textContent).toBe('Blocked');
    expect(screen.getByTestId('wizard-subject-line').textContent).toBe('Items: 2.');
    expect(screen.getByTestId('wizard-table-0').textContent).toContain('Backup');
    expect(screen.getByTestId('wizard-table-0').textContent).not.toContain('Mail');
    expect(screen.getByTestId('wizard-table-0').textContent).toContain('and 1 more');
    expect(screen.getByTestId('wizard-stop').textContent).toContain('Blocked since May.');
    expect(screen.queryByTestId('wizard-form')).toBeNull();
    expect(call).toHaveBeenCalledWith('Shop', 'About', { accountId: 6 }, expect.anything());

    await act(async () => fireEvent.click(screen.getByTestId('wizard-stop-button')));
    expect(call).toHaveBeenCalledWith('Shop', 'Unblock', { accountId: 6 });
    expect(onSuccess).toHaveBeenCalledWith('Unblocked.');
    await screen.findByTestId('wizard-form');
    expect(screen.queryByTestId('wizard-tag')).toBeNull();
    expect(screen.getByTestId('wizard-note').textContent).toContain('Handle with care.');
    const submit = screen.getByTestId('wizard-submit');
    expect(submit.getAttribute('data-tone')).toBe('danger');

    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(onSuccess).toHaveBeenLastCalledWith('Finance: 2 done.'));
    expect(call).toHaveBeenCalledWith('Shop', 'Do', { accountId: 6, note: null }, { suppressErrors: true });
  });

  it('names its record by the route without a picker; after the final call the outcome stays in place of the steps, even where a Stop note now holds', async () => {
    let type = 'Product';
    const call = vi.fn(async (_service: string, method: string, params: Record<string, unknown>) => {
      if (method === 'GetWizardLayout') return named;
      if (method === 'LoadAccountById') return { AccountId: Number(params.accountId), AccountType: type, Views: { Values: { DisplayName: 'Backup' } } };
      type = 'Terminated product'; // what the final call changed: read again afterwards
      return { TargetAccountId: 12, Steps: [{ AccountId: 12 }, { AccountId: 9 }] };
    });
    const onSuccess = vi.fn();
    const renderPicker = vi.fn(() => <div data-testid="picker" />);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DefinedWizard name="wizards/named" context={{ accountId: '9' }} capabilities={[]} call={call} onContextChange={vi.fn()} renderPicker={renderPicker} onSuccess={onSuccess} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('wizard-subject-name')).toHaveProperty('textContent', 'Backup');
    expect(screen.queryByTestId('picker')).toBeNull();
    expect(renderPicker).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(await screen.findByTestId('wizard-submit')));
    const outcome = await screen.findByTestId('wizard-outcome');
    expect(onSuccess).toHaveBeenCalledWith('Done.');
    expect(outcome.textContent).toContain('2 changed.');
    const links = screen.getAllByRole('link', { name: /New|Old/ });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['New', '/account/12'],
      ['Old', '/account/9'],
    ]);
    await waitFor(() => expect(call.mock.calls.filter(([, method]) => method === 'LoadAccountById')).toHaveLength(2));
    expect(screen.queryByTestId('wizard-stop')).toBeNull();
    expect(screen.queryByTestId('wizard-form')).toBeNull();
    expect(screen.getByTestId('wizard-outcome')).toBeTruthy();
    cleanup();

    // A route whose path names no account: the page says so, nothing is loaded for it.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DefinedWizard name="wizards/named" context={{ accountId: 'abc' }} capabilities={[]} call={call} onContextChange={vi.fn()} renderPicker={renderPicker} onSuccess={onSuccess} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('wizard-subject-missing')).toBeTruthy();
    expect(screen.queryByTestId('wizard-form')).toBeNull();
  });
});
