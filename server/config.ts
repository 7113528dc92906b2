import { resolve } from 'node:path';
import { definitionFolders } from './definitions/definition-tree';
import { identityConfigFromEnv, type IdentityConfig } from './auth/identity-config';
import { mailConfigFromEnv, type MailConfig } from './mail/config';
import { ssoProvidersFromEnv, type SsoProviderConfig } from './auth/sso-config';
import { trustProxyFromEnv, type TrustProxy } from './http/trust-proxy';
import { opsConfigFromEnv, type OpsConfig } from './ops/ops-config';

/** Everything the server reads from the environment, in one place (documented in the README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when empty the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** Built client (vite build output) served at /v/. */
  clientDir: string;
  brandingFile: string;
  demoPassword: string;
  demoTotpSecret: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Behind a TLS-terminating proxy: its hop count or addresses (http/trust-proxy.ts), so cookies get Secure and client IPs are right. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Seed demo data into an empty database on start. */
  seedDemo: boolean;
  /** Screen definitions served at /definitions/<name>.json (PORTAL_DEFINITIONS_DIR). */
  definitionsDir: string;
  /** Brute-force protection, MFA code and reset-link lifetimes. */
  identity: IdentityConfig;
  /** Outgoing mail (SMTP relay or the development mailbox). */
  mail: MailConfig;
  /** OpenID Connect providers for single sign-on (PORTAL_SSO_CONFIG); empty: no SSO. */
  sso: SsoProviderConfig[];
  /** Origins allowed to frame the portal besides itself (PORTAL_FRAME_ANCESTORS, space-separated). */
  frameAncestors: string[];
  /** Definition studio: a draft is published only by another admin than its author (PORTAL_STUDIO_FOUR_EYES=1). */
  studioFourEyes: boolean;
  /** Service calls per window and session / per address (RATE_LIMIT_*); shared through Redis when REDIS_URL is set. */
  rateLimit: RateLimitConfig;
  /** Bounded waiting (issue 34): PostgreSQL's statement timeout, and how long a call may wait for a pool connection before it is shed (503 + Retry-After). */
  load: { statementTimeoutMs: number; maxPoolWaitMs: number };
  /** Metrics, traces and the graceful stop (server/ops/ops-config.ts). */
  ops: OpsConfig;
  /** An external Bot Framework Direct Line service for the chat (PORTAL_CHAT_DIRECTLINE_SECRET, _ENDPOINT); unset: the built-in one. */
  chat: ChatConfig;
  /** Where the log goes instead of stdout (tests read it); not from the environment. */
  logStream?: { write(line: string): void };
}

export interface RateLimitConfig {
  perSession: number;
  perAddress: number;
  /** Sign-in calls (the public methods) per address, counted apart from perAddress (RATE_LIMIT_SIGN_IN_PER_ADDRESS). */
  perAddressSignIn?: number;
  windowMs: number;
  /** Redis shared by all instances (REDIS_URL); unset: each instance counts on its own. */
  redisUrl?: string;
  /** Prefix of the counters' keys in Redis (RATE_LIMIT_REDIS_PREFIX). */
  redisPrefix: string;
}

export interface ChatConfig {
  directLineSecret?: string;
  /** The Direct Line service's origin (https://directline.botframework.com unless set). */
  directLineEndpoint: string;
}

export const DEFAULT_DEMO_PASSWORD = 'Portal-Demo-2026!';
export const DEFAULT_DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) ? parsed : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = resolve(import.meta.dirname, '..');
  return {
    port: number(env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.PORTAL_DATA_DIR ?? resolve(root, 'data')),
    clientDir: resolve(env.PORTAL_CLIENT_DIR ?? resolve(root, 'dist/client')),
    brandingFile: resolve(env.PORTAL_BRANDING_FILE ?? resolve(root, 'server/branding/branding.json')),
    demoPassword: env.PORTAL_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    demoTotpSecret: env.PORTAL_DEMO_TOTP_SECRET || DEFAULT_DEMO_TOTP_SECRET,
    sessionIdleMinutes: number(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: number(env.SESSION_ABSOLUTE_HOURS, 12),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.PORTAL_SEED !== 'none',
    definitionsDir: definitionFolders('screen', undefined, env)[0],
    identity: identityConfigFromEnv(env),
    mail: mailConfigFromEnv(env, number(env.PORT, 8080)),
    sso: ssoProvidersFromEnv(env.PORTAL_SSO_CONFIG, root),
    studioFourEyes: env.PORTAL_STUDIO_FOUR_EYES === '1' || env.PORTAL_STUDIO_FOUR_EYES === 'true',
    rateLimit: {
      perSession: number(env.RATE_LIMIT_PER_SESSION, 6_000),
      perAddress: number(env.RATE_LIMIT_PER_ADDRESS, 30_000),
      perAddressSignIn: number(env.RATE_LIMIT_SIGN_IN_PER_ADDRESS, 3_000),
      windowMs: number(env.RATE_LIMIT_WINDOW_MS, 60_000),
      redisUrl: env.REDIS_URL || undefined,
      redisPrefix: env.RATE_LIMIT_REDIS_PREFIX || 'portal-rate-limit:',
    },
    load: { statementTimeoutMs: number(env.DB_STATEMENT_TIMEOUT_MS, 10_000), maxPoolWaitMs: number(env.DB_MAX_POOL_WAIT_MS, 1_000) },
    ops: opsConfigFromEnv(env),
    chat: {
      directLineSecret: env.PORTAL_CHAT_DIRECTLINE_SECRET || undefined,
      directLineEndpoint: (env.PORTAL_CHAT_DIRECTLINE_ENDPOINT || 'https://directline.botframework.com').replace(/\/+$/, ''),
    },
    frameAncestors: (env.PORTAL_FRAME_ANCESTORS ?? '').split(/\s+/).filter((origin) => /^https?:\/\/[^\s;,']+$/.test(origin)),
  };
}
