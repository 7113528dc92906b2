import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
export async function registerSecurityHeaders(app: FastifyInstance, frameAncestors: readonly string[]): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
  });
}
