/** Helpers of the identity end-to-end tests. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { SHOTS } from './shots';

export { SHOTS };
export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

export const totpCode = (secret: string) => generate({ secret });

export async function fillSignIn(page: Page, userName: string, password: string) {
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the form and waits for the shell. */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto('/v/#/login');
  await fillSignIn(page, userName, password);
  // The shell's code loads on first use: slow on a busy machine.
  await expect(page.getByTestId('shell-user-name')).toBeVisible({ timeout: 20_000 });
}

/** Signs out through the profile menu of the shell and waits for the sign-in page. */
export async function signOutViaMenu(page: Page) {
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** A service call with the cookies (and XSRF token) of the given request context. */
export async function serviceCall(request: APIRequestContext, service: string, method: string, body: unknown = {}) {
  const state = await request.storageState();
  let xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) {
    await request.get('/v/');
    xsrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  }
  return request.post(`/DataModel/service.svc/rest/${service}/${method}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf ?? '' } });
}

/** Screenshots at desktop and phone width. */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/identity-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/identity-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The mails the development mailbox (the server's own SMTP server) received, newest first. */
export async function devMails(page: Page): Promise<DevMail[]> {
  return (await (await page.request.get('/dev/mailbox.json')).json()) as DevMail[];
}

export async function newestMailId(page: Page): Promise<number> {
  return (await devMails(page))[0]?.id ?? 0;
}

/** The code of the newest security-code mail to the address received after mail `after`. */
export async function mailedCode(page: Page, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await devMails(page)).find((entry) => entry.to.includes(to) && entry.id > after && /security code/i.test(entry.subject));
      code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
