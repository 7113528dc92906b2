/**
 * Service images (spec §7 "Images /keeper/getimage/{path}/{width}/{height}"):
 * the path is "<32 hex>/<23-character file>" (spec §5), anything else 404.
 * Session required, like the keeper's files. SVGs are sized to the asked box;
 * they are the portal's own, and go out with a CSP that forbids scripts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVICE_IMAGE_PATH } from '../../../contract/services/catalog-results';
import { fault } from '../../fault';
import type { ServerDeps } from '../context';

const MAX_SIDE = 2048;

export function registerServiceImageRoute(app: FastifyInstance, deps: ServerDeps, requireSignedIn: (request: FastifyRequest) => Promise<void>): void {
  app.get<{ Params: { id: string; file: string; width: string; height: string } }>('/keeper/getimage/:id/:file/:width/:height', async (request, reply) => {
    await requireSignedIn(request);
    const { id, file } = request.params;
    const path = `${id}/${file}`;
    const width = Number(request.params.width);
    const height = Number(request.params.height);
    const sideOk = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_SIDE;
    if (!SERVICE_IMAGE_PATH.test(path) || !sideOk(width) || !sideOk(height)) throw fault(404, 'notFound');
    const image = await deps.db.one<{ content_type: string; content: Uint8Array }>('SELECT content_type, content FROM service_images WHERE path = $1', [path]);
    if (!image) throw fault(404, 'notFound');
    let body: Buffer = Buffer.from(image.content);
    if (image.content_type === 'image/svg+xml') {
      body = Buffer.from(body.toString('utf8').replace(/<svg([^>]*?) width="\d+" height="\d+"/, `<svg$1 width="${width}" height="${height}"`), 'utf8');
    }
    return reply
      .type(image.content_type)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(body);
  });
}
