/**
 * Screen definitions for the client: GET /DataModel/definitions/<name>.json reads
 * <PORTAL_DEFINITIONS_DIR>/<name>.json at every request, so a new or edited
 * definition file is live without a restart or a client build.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { faultXml } from '../fault';
import { localeFromAcceptLanguage, translator } from '../texts';

/** Definition names are file names without dots or slashes: nothing outside the folder can be named. */
const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const SCHEMA_FILE = 'screen-definition.schema.json';
/** Under /DataModel so the dev server's proxy passes it like the service calls. */
export const DEFINITIONS_PATH = '/DataModel/definitions/';

export function registerDefinitionRoutes(app: FastifyInstance, definitionsDir: string): void {
  app.get<{ Params: { file: string } }>(DEFINITIONS_PATH + ':file', async (request, reply) => {
    const { file } = request.params;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    const path = file === SCHEMA_FILE ? join(definitionsDir, SCHEMA_FILE) : NAME.test(name) ? join(definitionsDir, `${name}.json`) : undefined;
    const text = path ? await readFile(path, 'utf8').catch(() => undefined) : undefined;
    if (text === undefined) {
      const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
      return reply.status(404).type('application/xml; charset=utf-8').send(faultXml(t('notFound')));
    }
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });
}
