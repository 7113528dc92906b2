import { readFileSync } from 'node:fs';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ChatConfig } from '../config';

/**
 * Security headers on every response (app, API, files), through @fastify/helmet.
 * The CSP fits the built client: scripts only from this origin (the branding script is a
 * file, never inline); styles may be inline because MUI/emotion and AG Grid inject <style>
 * elements at run time; images also as data:/blob: (MFA QR codes, downloads). Framing is
 * limited to this origin and the hosts of `PORTAL_FRAME_ANCESTORS` (the spec's embedded
 * mode inside a host navigation app). Forms post only here (`form-action`). HSTS only on
 * answers over HTTPS (behind TRUST_PROXY: X-Forwarded-Proto from the proxy): browsers ignore
 * it over plain HTTP, and a plain-HTTP development server must not claim it.
 */
/** An external Direct Line service (issue 38): the browser talks to it over HTTPS and its WebSocket stream. */
export function chatConnectSources(chat: ChatConfig): string[] {
  if (!chat.directLineSecret) return [];
  const origin = new URL(chat.directLineEndpoint).origin;
  return [origin, origin.replace(/^http/, 'ws')];
}

/**
 * Glance Cobrowse (issue 38): with `glance_group_id` in the branding file at start-up, the share entry loads
 * Glance's visitor script, which talks to Glance's hosts; the CSP allows them then, and only then.
 */
export const GLANCE_SOURCES = ['https://*.glancecdn.net', 'https://*.glance.net', 'wss://*.glance.net'];

export function glanceSources(brandingFile: string): string[] {
  try {
    const branding = JSON.parse(readFileSync(brandingFile, 'utf8')) as { glance_group_id?: unknown };
    return typeof branding.glance_group_id === 'string' && branding.glance_group_id.trim() !== '' ? GLANCE_SOURCES : [];
  } catch {
    return [];
  }
}

/**
 * The headers @fastify/helmet gives an answer with these options, asked once of a throwaway app: the
 * plugin builds helmet's whole middleware chain (and parses the CSP directives) for every request,
 * about 4 % of a busy instance's CPU (issue 37). Our options hold no per-request value (no nonces).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  try {
    const answer = await probe.inject({ method: 'GET', url: '/' });
    const plain = await Fastify({ logger: false }).inject({ method: 'GET', url: '/' });
    // Only what helmet added (not fastify's own content-type, length, date, connection).
    return Object.entries(answer.headers)
      .filter(([name]) => !(name in plain.headers))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  frameAncestors: readonly string[],
  connectSources: readonly string[] = [],
  glance: readonly string[] = [],
): Promise<void> {
  const headers = await helmetHeaders({
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...glance],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...glance],
        imgSrc: ["'self'", 'data:', 'blob:', ...glance],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSources, ...glance],
        ...(glance.length > 0 ? { frameSrc: ["'self'", ...glance] } : {}),
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...frameAncestors],
      },
    },
    // X-Frame-Options cannot name other origins: with allowed hosts, frame-ancestors alone decides.
    frameguard: frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
    // Cross-origin isolation would break the embedded mode and downloads opened in new tabs.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, only over HTTPS.
    strictTransportSecurity: false,
  });
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet gave no Content-Security-Policy');
  // One callback hook (no promise) on every request, as helmet's own hooks ran: on the raw answer, before any route.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', 'max-age=31536000');
    done();
  });
}
