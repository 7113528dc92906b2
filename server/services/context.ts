import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../contract';
import type { ServerConfig } from '../config';
import type { Db } from '../db/db';
import type { SessionStore } from '../auth/session-store';
import type { XsrfTokens } from '../auth/xsrf';
import type { Translate } from '../texts';
import type { Caller } from '../auth/caller';
import type { CallerCache } from '../auth/caller-cache';
import type { Mailer } from '../mail/mailer';


export interface ServerDeps {
  config: ServerConfig;
  db: Db;
  sessions: SessionStore;
  xsrf: XsrfTokens;
  /** Resolved callers for a second; call forgetUser after changing another user's rights. */
  callers: CallerCache;
  /** Outgoing mail: `mailer.sendMail({ to, subject, text, html })`. */
  mailer: Mailer;
}

export interface ServiceContext extends ServerDeps {
  request: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
  locale: string;
  t: Translate;
  /** Present for every method whose access is not public. */
  caller: Caller | undefined;
  /** Sets the session cookie (and a matching XSRF token) after sign-in. */
  startSession(sessionId: string): void;
  /** Clears the session cookie (and rebinds the XSRF token) after sign-out. */
  endSession(): void;
  /** Every `Service/Method` with a handler (services/registry.ts), passed in so the admin's status needs no import of the registry that imports it. */
  implementedMethods: readonly string[];
  /** Writes an audit entry (actor, impersonator, ip from the request). */
  audit(action: string, accountId: number | null, details?: Record<string, unknown>): Promise<void>;
}

export type Handler<Body = never, Result = unknown> = (ctx: ServiceContext, body: Body) => Promise<Result>;

/** Requires a signed-in caller (dispatcher guarantees it for non-public methods). */
export function requireCaller(ctx: ServiceContext): Caller {
  if (!ctx.caller) throw new Error('requireCaller on a public method');
  return ctx.caller;
}

export type { Caller, SessionUser };
