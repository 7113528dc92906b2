/**
 * Screen definitions for the client: GET /DataModel/definitions/<name>.json reads
 * <PORTAL_DEFINITIONS_DIR>/<name>.json at every request, so a new or edited
 * definition file is live without a restart or a client build.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { checkDefinition } from '../../engine/grids/check-definition';
import { faultXml } from '../fault';
import { FLAT_NAME, SCHEMA_FILES } from './definition-tree';
import { publishedDefinitions, type PublishedDefinition } from './published-store';
import { localeFromAcceptLanguage, translator } from '../texts';

const NAME = FLAT_NAME;
const SCHEMA_FILE = SCHEMA_FILES.screen!;
/** Under /DataModel so the dev server's proxy passes it like the service calls. */
export const DEFINITIONS_PATH = '/DataModel/definitions/';

/** Published versions that pass the checks (checked once each). */
const checked = new WeakMap<PublishedDefinition, boolean>();
function passesChecks(name: string, definition: PublishedDefinition): boolean {
  let ok = checked.get(definition);
  if (ok === undefined) {
    ok = definition.content !== undefined && checkDefinition(definition.content, name).length === 0;
    checked.set(definition, ok);
  }
  return ok;
}

/**
 * `config` is the running server's config object: a version published in the
 * definition studio is served instead of its file, if it passes the checks.
 */
export function registerDefinitionRoutes(app: FastifyInstance, definitionsDir: string, config?: object): void {
  app.get<{ Params: { file: string } }>(DEFINITIONS_PATH + ':file', async (request, reply) => {
    const { file } = request.params;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    const published = config && NAME.test(name) ? publishedDefinitions(config).screens.get(name) : undefined;
    if (published && passesChecks(name, published)) {
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(published.content, null, 2));
    }
    if (published) request.log.error({ definition: name, version: published.version }, 'the published screen definition fails its checks: its file is served');
    const path = file === SCHEMA_FILE ? join(definitionsDir, SCHEMA_FILE) : NAME.test(name) ? join(definitionsDir, `${name}.json`) : undefined;
    const text = path ? await readFile(path, 'utf8').catch(() => undefined) : undefined;
    if (text === undefined) {
      const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
      return reply.status(404).type('application/xml; charset=utf-8').send(faultXml(t('notFound')));
    }
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });
}
