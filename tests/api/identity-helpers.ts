/** Helpers of the identity API tests: TOTP codes, the development mailbox, user ids. */
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { SessionUser } from '../../contract';
import type { MailboxEntry } from '../../server/mail/dev-mailbox';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export const totpCode = (secret: string) => generate({ secret });

/** Waits for a mail to the address (newest first) whose text matches, and returns it. */
export async function waitForMail(server: TestServer, to: string, match: RegExp = /./, timeoutMs = 15_000): Promise<MailboxEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${server.url}/dev/mailbox.json`);
    const mails = (await response.json()) as MailboxEntry[];
    const mail = mails.find((entry) => entry.to.includes(to) && match.test(entry.text));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function mailCount(server: TestServer, to: string): Promise<number> {
  const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
  return mails.filter((entry) => entry.to.includes(to)).length;
}

/** The 6-digit code of the newest security-code mail to the address. */
export async function mailedCode(server: TestServer, to: string, notBefore = 0): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
    const mail = mails.find((entry) => entry.to.includes(to) && entry.id > notBefore && /security code/i.test(entry.subject));
    if (mail) return /\b(\d{6})\b/.exec(mail.text)![1];
    if (Date.now() > deadline) throw new Error(`no code mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function newestMailId(server: TestServer): Promise<number> {
  const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as MailboxEntry[];
  return mails[0]?.id ?? 0;
}

export async function currentUser(api: ApiClient): Promise<SessionUser> {
  const result = await api.call<SessionUser>('Authorization', 'GetCurrentUser');
  expect(result.status).toBe(200);
  return result.body;
}

/** A user's account id, read from its own session. */
export async function userIdOf(server: TestServer, userName: string): Promise<number> {
  const api = await server.signedIn(userName);
  return (await currentUser(api)).UserAccountId;
}
