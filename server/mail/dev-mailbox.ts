/**
 * The development mailbox: when no SMTP_URL is set, the server runs a real SMTP
 * server on a loopback port, the mailer sends to it, and every mail lands in
 * the dev_mailbox table. GET /dev/mailbox lists them (links clickable), only
 * for requests from this machine.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Queryable } from '../db/db';
import { parseMail } from './parse-mail';

const MAX_MAIL_BYTES = 2 * 1024 * 1024;
const LISTED_MAILS = 50;

export interface DevMailbox {
  port: number;
  close(): Promise<void>;
}

export async function startDevMailbox(db: Queryable, log: FastifyBaseLogger): Promise<DevMailbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(new Error('Message too large'));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
        db.query('INSERT INTO dev_mailbox (mail_from, rcpt_to, raw) VALUES ($1, $2, $3)', [from, to, Buffer.concat(chunks).toString('utf8')])
          .then(() => callback())
          .catch((error: unknown) => {
            log.error({ err: error }, 'development mailbox could not store a mail');
            callback(new Error('Mailbox unavailable'));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => log.warn({ err: error }, 'development SMTP server error'));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface MailboxEntry {
  id: number;
  receivedAt: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export async function listDevMails(db: Queryable): Promise<MailboxEntry[]> {
  const rows = await db.query<{ id: number; received_at: Date | string; rcpt_to: string; raw: string }>(
    'SELECT id, received_at, rcpt_to, raw FROM dev_mailbox ORDER BY id DESC LIMIT $1',
    [LISTED_MAILS],
  );
  return rows.map((row) => {
    const mail = parseMail(row.raw);
    return {
      id: row.id,
      receivedAt: new Date(row.received_at).toISOString(),
      from: mail.from,
      to: mail.to || row.rcpt_to,
      subject: mail.subject,
      text: mail.text,
      links: [...new Set(mail.text.match(LINK) ?? [])],
    };
  });
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text with its links made clickable (the mail's own HTML is never rendered). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"')]+/g, (url) => `<a href="${url}">${url}</a>`);

function mailboxPage(mails: MailboxEntry[]): string {
  const items = mails
    .map(
      (mail) => `<article data-mail-id="${mail.id}">
  <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.receivedAt)}</p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1d1b20;background:#fafafa}
article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:1.05rem;margin:0 0 4px}.meta{color:#666;font-size:.85rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:0}a{color:#6a1b9a}
</style></head><body>
<h1>Development mailbox</h1>
<p>Mails the portal sent while no <code>SMTP_URL</code> is configured, newest first.</p>
${items || '<p>No mails yet.</p>'}
</body></html>`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * The socket's own peer, not request.ip: with TRUST_PROXY a client could claim
 * 127.0.0.1 in X-Forwarded-For. A request a proxy forwarded is never "this machine".
 */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;

/** GET /dev/mailbox (HTML) and /dev/mailbox.json, answered to this machine only. */
export function registerDevMailboxRoutes(app: FastifyInstance, db: Queryable): void {
  app.get('/dev/mailbox', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return mailboxPage(await listDevMails(db));
  });
  app.get('/dev/mailbox.json', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
    return listDevMails(db);
  });
}
