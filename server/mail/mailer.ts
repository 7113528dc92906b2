/**
 * Outgoing mail for every feature: `ctx.mailer.sendMail({ to, subject, text, html })`.
 * Through the SMTP relay of SMTP_URL, or, when none is set, the built-in
 * development mailbox (a real SMTP server on loopback, see dev-mailbox.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../db/db';
import type { MailConfig } from './config';
import { startDevMailbox, type DevMailbox } from './dev-mailbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the relay refuses it. */
  sendMail(mail: OutgoingMail): Promise<void>;
  /** True when mails go to the development mailbox (GET /dev/mailbox). */
  readonly devMailbox: boolean;
  /** Starts the development mailbox when needed; called once by startServer, with the app's logger. */
  start(log: FastifyBaseLogger): Promise<void>;
  /** Whether the relay (or the development mailbox) answers an SMTP greeting now; false on any failure. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function createMailer(config: MailConfig, db: Queryable): Mailer {
  let transport: Transporter | undefined;
  let devMailbox: DevMailbox | undefined;
  return {
    devMailbox: !config.smtpUrl,
    async start(log) {
      if (config.smtpUrl) {
        transport = nodemailer.createTransport(config.smtpUrl);
        return;
      }
      devMailbox = await startDevMailbox(db, log);
      transport = nodemailer.createTransport({ host: '127.0.0.1', port: devMailbox.port, secure: false, ignoreTLS: true });
    },
    async sendMail(mail) {
      if (!transport) throw new Error('The mailer is not started');
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async reachable() {
      if (!transport) return false;
      return transport.verify().then(() => true, () => false);
    },
    async close() {
      transport?.close();
      await devMailbox?.close();
    },
  };
}
