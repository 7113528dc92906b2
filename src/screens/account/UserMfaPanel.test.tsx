// @vitest-environment jsdom
/**
 * Issue 36 item 4: resetting a user's two-step verification asks first — naming the user, the methods it
 * removes and that every session of the user ends — and says when it is done, in each of the 15 languages.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract';
import en from '../../../locales/en.json';
import { initI18n } from '../../i18n/i18n';
import { SUPPORTED_LOCALES } from '../../i18n/languages';
import { ConfirmHost } from '../../shell/confirm/ConfirmHost';
import { fakeServiceFetch, renderRoutes } from '../../test-support/render-with-providers';
import { methodTypeKey } from '../mfa/method-labels';
import { UserMfaPanel } from './UserMfaPanel';

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
// An administrator who may reset (MFA Execute) and has no code method of its own, so no step-up is asked.
const admin = { UserAccountId: 20, Username: 'company.admin', Capability: [{ ObjectType: 'MFA', Read: true, Execute: true }], UserAuthenticationMethods: [], AccountPath: '1/2/8', ImpersonatorAccountId: null } as unknown as SessionUser;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('resetting a user’s two-step verification', () => {
  it.each(SUPPORTED_LOCALES)('in %s: asks naming the methods and whose sessions end, then says it is done', async (locale) => {
    const texts = (await import(`../../../locales/${locale}.json`)) as { default: typeof en };
    await initI18n(locale, async () => texts.default);
    const resets: unknown[] = [];
    let hasMfa = true;
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/GetCurrentUser': () => json(admin),
        'Account/GetUserMfaSummary': () => json({ HasMfa: hasMfa, Types: hasMfa ? ['EMAIL', 'TOTP'] : [], MustSetupMfa: false }),
        'Account/DisableMfaForUser': (body) => {
          resets.push(body);
          hasMfa = false;
          return json(null);
        },
      }),
    );
    renderRoutes([{ path: '/', element: <><UserMfaPanel userId={42} userName="Amelia Clarke" /><ConfirmHost /></> }], '/');
    const t = i18next.getFixedT(locale);
    const english = i18next.getFixedT('en');

    fireEvent.click(await screen.findByTestId('user-mfa-reset'));
    const dialog = await screen.findByRole('dialog');
    const methods = [t(methodTypeKey('EMAIL')), t(methodTypeKey('TOTP'))];
    const asked = t('identity.userMfa.resetConfirm', { name: 'Amelia Clarke', methods: methods.join(', ') });
    expect(within(dialog).getByText(t('identity.userMfa.resetTitle', { name: 'Amelia Clarke' }))).toBeTruthy();
    expect(dialog.textContent).toContain(asked);
    for (const method of methods) expect(asked).toContain(method);
    // A real translation, not English standing in for it.
    if (locale !== 'en') expect(asked).not.toBe(english('identity.userMfa.resetConfirm', { name: 'Amelia Clarke', methods: methods.join(', ') }));
    expect(resets).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: t('identity.userMfa.reset') }));
    const done = await screen.findByTestId('user-mfa-reset-done');
    expect(done.textContent).toBe(t('identity.userMfa.resetDoneFor', { name: 'Amelia Clarke' }));
    if (locale !== 'en') expect(done.textContent).not.toBe(english('identity.userMfa.resetDoneFor', { name: 'Amelia Clarke' }));
    expect(resets).toEqual([{ userAccountId: 42 }]);
    await waitFor(() => expect(screen.queryByTestId('user-mfa-reset')).toBeNull());
  });
});
