/**
 * The keeper's file endpoints (spec §7 "files /keeper/get/{path}"): the terms
 * PDFs. Session required, like every service call that is not public.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session-store';
import { hasCapability, loadUser } from '../auth/session-user';
import { fault } from '../fault';
import { downloadFileName } from '../files/download-name';
import type { ServerDeps } from '../services/context';
import { renderTermsPdf } from './terms-pdf';
import { registerServiceImageRoute } from '../services/catalog/service-images';

async function requireSignedIn(deps: ServerDeps, request: FastifyRequest): Promise<void> {
  const session = await deps.sessions.find(request.cookies[SESSION_COOKIE]);
  const loaded = session ? await loadUser(deps.db, session.userId) : undefined;
  if (!loaded) throw fault(401, 'unauthenticated');
  if (!hasCapability(loaded.user.Capability, 'LOGIN', 'Execute')) throw fault(403, 'missingLoginCapability');
}

export function registerKeeperRoutes(app: FastifyInstance, deps: ServerDeps): void {
  registerServiceImageRoute(app, deps, (request) => requireSignedIn(deps, request));
  app.get<{ Params: { file: string } }>('/keeper/get/terms/:file', async (request, reply) => {
    await requireSignedIn(deps, request);
    const id = /^(\d{1,12})\.pdf$/.exec(request.params.file)?.[1];
    const terms = id
      ? await deps.db.one<{ name: string; terms_text: string }>('SELECT name, terms_text FROM terms WHERE id = $1', [Number(id)])
      : undefined;
    if (!terms) throw fault(404, 'notFound');
    const pdf = await renderTermsPdf({ name: terms.name, text: terms.terms_text });
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${downloadFileName(terms.name, 'pdf')}"`)
      .send(pdf);
  });
}
