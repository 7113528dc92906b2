/** Outgoing mail settings (documented in the README). */
export interface MailConfig {
  /** A real relay, e.g. smtp://user:pass@smtp.example.com:587; empty: the built-in development mailbox. */
  smtpUrl?: string;
  /** Sender address of the portal's mails. */
  from: string;
  /**
   * The address users reach the portal at, for links in mails. Never taken from
   * the request's Host header (an attacker could point reset links elsewhere).
   */
  publicUrl: string;
}

export function mailConfigFromEnv(env: NodeJS.ProcessEnv, port: number): MailConfig {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || 'Cloud Marketplace <no-reply@portal.localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}
