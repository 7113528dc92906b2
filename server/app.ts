import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from './auth/session-store';
import { XSRF_COOKIE } from './auth/xsrf';
import { setXsrfCookie, clearSessionCookies, isStaticClientFile } from './cookies';
import { registerDispatcher } from './dispatcher';
import { registerKeeperRoutes } from './keeper/routes';
import { registerDefinitionRoutes } from './definitions/definition-routes';
import { attachRealtime } from './realtime';
import { attachDirectLineStreams, registerDirectLineRoutes } from './services/chat';
import { attachCobrowse } from './services/cobrowse';
import { registerDevMailboxRoutes } from './mail/dev-mailbox';
import { recordAuthorizationRefusal, registerRefusalAudit } from './auth/refusal-audit';
import { ssoSetupEntries, withSsoEntries, type SsoSetupEntry } from './auth/sso-client';
import { faultXml, ServiceFault } from './fault';
import type { ServerDeps } from './services/context';
import { localeFromAcceptLanguage, translator, type ServerTextKey } from './texts';
import { buildOpenApiDocument } from '../contract/openapi';
import { handlerFor } from './services/registry';
import { chatConnectSources, glanceSources, registerSecurityHeaders } from './http/security-headers';
import { registerRequestLog } from './http/request-log';
import { frameworkErrorFault, registerEdgeFaults, routeUndecodableUrl } from './http/edge-faults';
import { proxyTrust } from './http/trust-proxy';
import { registerRateLimits } from './http/rate-limits';
import { requestIdFor, traceRequests } from './ops/tracing';

const MAX_FAULT_TEXT = 4_000;
/** Content types worth compressing: JSON, XML (faults), scripts and texts, but not a stream of events. */
const COMPRESSED_TYPES = /^(application\/(json|xml|javascript)|text\/(?!event-stream))/;

/** Fastify's own client errors, answered with our texts. */
function textForFrameworkError(error: FastifyError): { status: number; key: ServerTextKey } {
  // PostgreSQL cancelled a statement past DB_STATEMENT_TIMEOUT_MS: the server is busy, not broken.
  // Or a call waited past DB_MAX_POOL_WAIT_MS for a connection (db/postgres.ts): shed, not queued on.
  const code = (error as { code?: unknown }).code;
  if (code === '57014' || code === 'PORTAL_POOL_WAIT') return { status: 503, key: 'serverBusy' };
  const status = error.statusCode ?? 500;
  if (status === 415) return { status, key: 'unsupportedMediaType' };
  if (status === 413) return { status, key: 'bodyTooLarge' };
  if (status === 404) return { status, key: 'notFound' };
  if (status >= 400 && status < 500) return { status: 400, key: 'malformedJson' };
  return { status: 500, key: 'unknownError' };
}

function brandingScript(file: string, log: FastifyInstance['log'], ssoEntries: SsoSetupEntry[]): string {
  try {
    const branding: unknown = withSsoEntries(JSON.parse(readFileSync(file, 'utf8')), ssoEntries);
    // Escape "<" so a value can never close the script element.
    return `window.brandingConfig = ${JSON.stringify(branding).replace(/</g, '\\u003c')};\n`;
  } catch (error) {
    log.warn({ err: error, file }, 'branding file unreadable; the client uses its defaults');
    return '/* branding unavailable: the client falls back to its defaults */\n';
  }
}

export async function buildApp(deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]'], stream: deps.config.logStream },
    trustProxy: proxyTrust(deps.config.trustProxy),
    // A URL that does not decode is a <Fault> too, not Fastify's JSON.
    rewriteUrl: routeUndecodableUrl,
    frameworkErrors: frameworkErrorFault,
    bodyLimit: 25 * 1024 * 1024,
    // With tracing on, the request id is the trace id (ops/tracing.ts), whatever the proxy sent.
    requestIdHeader: deps.config.ops.otlpTracesUrl ? false : 'x-request-id',
    genReqId: requestIdFor,
    // One line per request at a level that follows what it did (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  traceRequests(app);
  registerRequestLog(app);
  registerRefusalAudit(app, deps);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, deps.config.frameAncestors, chatConnectSources(deps.config.chat), glanceSources(deps.config.brandingFile));
  // Answers of 1 kB and more go compressed as the browser accepts (brotli, else gzip): a page of 200 prices is
  // 79 kB of JSON, 0.4 s of a slow phone's network, and a tenth of that compressed (issue 37). Texts only: the
  // files users download are mostly compressed already, and the client's own come precompressed (below).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], customTypes: COMPRESSED_TYPES });

  // Hooks on every request take a callback, not a promise: each async hook cost a promise and a
  // microtask turn per request, on the busiest path of the server (issue 37).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Any GET of the app hands out an XSRF token bound to the current session (or to none);
  // the client's static files do not (cached, and fetched by the dozen).
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isStaticClientFile(request.url) && !deps.xsrf.isValid(request.cookies[XSRF_COOKIE], request.cookies[SESSION_COOKIE])) {
      setXsrfCookie(reply, deps, request, request.cookies[SESSION_COOKIE]);
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
    let status: number;
    let message: string;
    if (error instanceof ServiceFault) {
      recordAuthorizationRefusal(deps, request, error);
      status = error.status;
      message = error.text ?? t(error.textKey!, error.values);
      reply.headers(error.headers);
    } else {
      const mapped = textForFrameworkError(error);
      status = mapped.status;
      message = t(mapped.key);
      if (status === 503) reply.header('retry-after', '1');
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    }
    // Handler-built texts are ours, but never let an answer grow with the request.
    if (message.length > MAX_FAULT_TEXT) message = `${message.slice(0, MAX_FAULT_TEXT - 1)}…`;
    if (status >= 400 && status < 500) request.log.debug({ status, fault: message }, 'request refused');
    reply.status(status).type('application/xml; charset=utf-8').send(faultXml(message));
  });

  // 404 for unknown paths, 405 for a wrong verb; before the routes, which it watches.
  registerEdgeFaults(app);

  const rateLimits = await registerRateLimits(app, deps.config.rateLimit);
  registerDispatcher(app, deps, rateLimits);
  registerKeeperRoutes(app, deps);
  registerDefinitionRoutes(app, deps.config.definitionsDir, deps.config);
  await attachRealtime(app, deps);
  // The chat assistant's Direct Line service and its streams (issue 38).
  await registerDirectLineRoutes(app, deps, rateLimits);
  attachDirectLineStreams(app, deps);
  // Co-browsing's open sessions, kept in memory on every instance (issue 38).
  attachCobrowse(app);
  // Only without SMTP_URL: the mails the built-in development SMTP server received.
  if (deps.mailer.devMailbox) registerDevMailboxRoutes(app, deps.db);

  let openApi: object | undefined;
  app.get('/DataModel/openapi.json', async () => (openApi ??= buildOpenApiDocument({ implemented: (service, method) => handlerFor(service, method) !== undefined })));

  app.get('/branding/latest/config.gen.js', async (request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return brandingScript(deps.config.brandingFile, request.log, await ssoSetupEntries(deps.config.sso, request.log));
  });
  // Discover the SSO providers now, so the first page load does not wait for them.
  void ssoSetupEntries(deps.config.sso, app.log);

  // The legacy keeper and dashboard apps' sign-out endpoints the client calls (spec §7).
  for (const path of ['/keeper/logout', '/dash/logout']) {
    app.get(path, async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      const session = await deps.sessions.find(sessionId);
      if (session) {
        await deps.sessions.destroy(session.idHash);
      }
      clearSessionCookies(reply, deps, request);
      return { ok: true };
    });
  }

  app.get('/', async (_request, reply) => reply.redirect('/v/'));

  if (existsSync(join(deps.config.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: deps.config.clientDir,
      prefix: '/v/',
      index: ['index.html'],
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts).
      preCompressed: true,
      // Our own cache-control below, instead of the plugin's "public, max-age=0".
      cacheControl: false,
      setHeaders(res, path) {
        // Vite's hashed assets never change; index.html must always be revalidated.
        res.setHeader('cache-control', path.includes(`${join('/', 'assets')}/`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/v', async (_request, reply) => reply.redirect('/v/'));
  } else {
    app.get('/v/', async (_request, reply) =>
      reply.type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).'),
    );
  }

  return app;
}
