// @vitest-environment jsdom
/**
 * <DefinedStack> on the shipped security stacks with answers in memory: the parts a user may see, in order, each
 * definition drawn with the context its part hands it, the MFA policy only for an organisation's type, the way to
 * one's sign-in methods on one's own account, the notice when nothing else is shown, and the admin console's picker
 * choosing the organisation the parts follow.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import adminJson from '../../screen-definitions/screens/admin-security.json';
import setsJson from '../../screen-definitions/screens/capability-sets.json';
import rolesJson from '../../screen-definitions/screens/roles.json';
import ipJson from '../../screen-definitions/screens/ip-restrictions.json';
import organisationJson from '../../screen-definitions/screens/organisation-security.json';
import tokensJson from '../../screen-definitions/screens/user-api-tokens.json';
import userJson from '../../screen-definitions/screens/user-security.json';
import type { Capability } from '../../contract';
import type { ScreenContext, ScreenDefinition, StackDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedStack, type HostPanels, type StackDrawnPart } from './DefinedStack';

beforeAll(initFormTexts);
afterEach(cleanup);

type Stacked = ScreenDefinition & { stack: StackDefinition };
const named: Record<string, ScreenDefinition> = {
  'ip-restrictions': ipJson as unknown as ScreenDefinition,
  'user-api-tokens': tokensJson as unknown as ScreenDefinition,
  'organisation-security': organisationJson as unknown as ScreenDefinition,
  'capability-sets': setsJson as unknown as ScreenDefinition,
  roles: rolesJson as unknown as ScreenDefinition,
};
const cap = (ObjectType: string, flag: string) => ({ ObjectType, [flag]: true }) as unknown as Capability;
const panels: HostPanels = {
  mfaPolicy: (context) => <div data-testid="panel-mfa">policy of {context.accountId}</div>,
  userRoles: (context) => <div data-testid="panel-user-roles">roles of {context.accountId}</div>,
  userMfa: (context) => <div data-testid="panel-user-mfa">mfa of {context.accountId}</div>,
};

function draw(definition: unknown, context: ScreenContext, capabilities: Capability[], answers: Record<string, unknown> = {}, record?: unknown) {
  const drawn: StackDrawnPart[] = [];
  const calls: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    if (method in answers) return answers[method];
    throw new Error(`unexpected ${method}`);
  };
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter>
        <DefinedStack
          definition={definition as Stacked}
          context={context}
          record={record === undefined ? undefined : { answer: record, refused: false }}
          capabilities={capabilities}
          userId={42}
          callService={callService}
          loadDefinition={async (name) => named[name]}
          hostPanels={panels}
          onError={(message) => calls.push(`error ${message}`)}
          renderPart={(part) => {
            drawn.push(part);
            return <div data-testid={`drawn-${part.definition.id}`}>{JSON.stringify(part.context)}</div>;
          }}
        />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { drawn, calls };
}

const types = [
  { AccountType: 'Company', Organisation: true },
  { AccountType: 'Department', Organisation: false },
];

describe('<DefinedStack>', () => {
  it('draws an organisation\'s parts for whom may see them, the policy only for an organisation\'s type', async () => {
    const everything = [cap('SECURITY_ROLES', 'Read'), cap('IP_RESTRICTIONS', 'Read'), cap('MFA', 'Read')];
    draw(organisationJson, { accountId: 7, accountType: 'Company' }, everything, { ListAccountTypes: types });
    expect((await screen.findByTestId('panel-mfa')).textContent).toContain('policy of 7');
    expect((screen.getByTestId('drawn-capability-sets')).textContent).toContain('{"accountId":7}');
    expect((screen.getByTestId('drawn-roles')).textContent).toContain('{"accountId":7,"accountType":"Company"}');
    expect(screen.getByTestId('ip-restrictions').contains(screen.getByTestId('drawn-ip-restrictions'))).toBe(true);
    expect((screen.getByTestId('drawn-ip-restrictions')).textContent).toContain('{"accountId":7}');
    cleanup();
    draw(organisationJson, { accountId: 9, accountType: 'Department' }, [cap('MFA', 'Read'), cap('IP_RESTRICTIONS', 'Read')], { ListAccountTypes: types });
    expect(await screen.findByTestId('drawn-ip-restrictions')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('panel-mfa')).toBeNull());
    expect(screen.queryByTestId('drawn-capability-sets')).toBeNull();
  });

  it('on one\'s own account the way to one\'s sign-in methods; on another\'s the roles, MFA and tokens', async () => {
    const admin = [cap('SECURITY_ROLES', 'Read'), cap('MFA', 'Read'), cap('USERS', 'Execute')];
    draw(userJson, { accountId: 42 }, admin);
    expect((await screen.findByTestId('account-open-security')).getAttribute('href')).toBe('/account-security');
    expect(screen.getByTestId('panel-user-roles')).toBeTruthy();
    expect(screen.queryByTestId('panel-user-mfa')).toBeNull();
    cleanup();
    const { drawn } = draw(userJson, { accountId: 43 }, admin);
    expect((await screen.findByTestId('drawn-user-api-tokens')).textContent).toContain('{"userAccountId":43}');
    expect((screen.getByTestId('user-api-tokens')).textContent).toContain('Personal API tokens');
    expect((screen.getByTestId('panel-user-mfa')).textContent).toContain('mfa of 43');
    expect(screen.queryByTestId('account-open-security')).toBeNull();
    expect(drawn.at(-1)?.height).toBe('360px');
  });

  it('says so when nothing is shown on another user\'s account', async () => {
    draw(userJson, { accountId: 43 }, []);
    expect((await screen.findByTestId('user-security-nothing')).textContent).toMatch(/Nothing to manage here/);
  });

  it('the picker shows the record\'s name and hands the chosen organisation to its parts', async () => {
    const answers = { GetPartialCompanyHierarchy: { Accounts: [{ AccountId: 8, DisplayName: 'Contoso Ltd', Path: 'Northwind' }] } };
    const { calls } = draw(adminJson, { accountId: 1, ownAccountId: 1 }, [cap('SECURITY_ROLES', 'Read')], answers, { Views: { Values: { DisplayName: 'Cloud Marketplace' } } });
    const input = screen.getByTestId('security-account') as HTMLInputElement;
    expect(input.value).toBe('Cloud Marketplace');
    expect((await screen.findByTestId('drawn-organisation-security')).textContent).toContain('{"accountId":1}');
    input.focus();
    fireEvent.change(input, { target: { value: 'Cont' } });
    // The typed text is asked for (after the search's pause; an option of the first, unfiltered answer may show sooner).
    await waitFor(() => expect(calls).toContain('GetPartialCompanyHierarchy {"targetRoot":1,"maxRows":50,"searchString":"Cont"}'), { timeout: 3000 });
    fireEvent.click(await screen.findByText('Contoso Ltd', {}, { timeout: 3000 }));
    await waitFor(() => expect((screen.getByTestId('drawn-organisation-security')).textContent).toContain('{"accountId":8}'));
    expect(input.value).toBe('Contoso Ltd');
  });
});
