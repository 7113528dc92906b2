/**
 * Screen definitions for the client: GET /DataModel/definitions/<name>.json reads
 * <PORTAL_DEFINITIONS_DIR>/<name>.json at every request, so a new or edited
 * definition file is live without a restart or a client build.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { checkDefinition } from '../../engine/grids/check-definition';
import { faultXml } from '../fault';
import { FLAT_NAME, SCHEMA_FILES } from './definition-tree';
import { publishedDefinitions, type PublishedDefinition } from './published-store';
import { localeFromAcceptLanguage, translator } from '../texts';

const NAME = FLAT_NAME;
const SCHEMA_FILE = SCHEMA_FILES.screen!;
/** Under /DataModel so the dev server's proxy passes it like the service calls. */
export const DEFINITIONS_PATH = '/DataModel/definitions/';
/** Every screen definition's version, by name (beside DEFINITIONS_PATH, not in it: no definition name can shadow it). */
export const DEFINITION_VERSIONS_PATH = '/DataModel/definition-versions.json';

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

const readText = (path: string) => readFile(path, 'utf8').catch(() => undefined);

/** The text a screen definition is served as: its published version when that passes the checks, else its file. */
async function servedText(name: string, definitionsDir: string, config: object | undefined, log?: FastifyBaseLogger): Promise<string | undefined> {
  if (!NAME.test(name)) return undefined;
  const published = config ? publishedDefinitions(config).screens.get(name) : undefined;
  if (published && passesChecks(name, published)) return JSON.stringify(published.content, null, 2);
  if (published) log?.error({ definition: name, version: published.version }, 'the published screen definition fails its checks: its file is served');
  return readText(join(definitionsDir, `${name}.json`));
}

/** A served text's version: its content's hash, so any change (a publish, an edited file) is a new address. */
const versionOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * `config` is the running server's config object: a version published in the
 * definition studio is served instead of its file, if it passes the checks.
 *
 * DEFINITION_VERSIONS_PATH lists every screen definition's version (issue 37): the client asks for a definition
 * under it (`<name>.json?v=<version>`), which is then answered as never changing and kept by the browser, so a
 * return visit draws a screen without a round trip for its definition. Asked without it, or under an older one,
 * a definition is answered as before (revalidated each time).
 */
export function registerDefinitionRoutes(app: FastifyInstance, definitionsDir: string, config?: object): void {
  app.get(DEFINITION_VERSIONS_PATH, async (_request, reply) => {
    const files = await readdir(definitionsDir).catch(() => [] as string[]);
    // servedText answers only proper names (not the schema file's).
    const names = new Set(files.filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)));
    if (config) for (const name of publishedDefinitions(config).screens.keys()) names.add(name);
    const versions: Record<string, string> = {};
    for (const name of [...names].sort()) {
      const text = await servedText(name, definitionsDir, config);
      if (text !== undefined) versions[name] = versionOf(text);
    }
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(versions);
  });

  app.get<{ Params: { file: string }; Querystring: { v?: string } }>(DEFINITIONS_PATH + ':file', async (request, reply) => {
    const { file } = request.params;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    const text = file === SCHEMA_FILE ? await readText(join(definitionsDir, SCHEMA_FILE)) : await servedText(name, definitionsDir, config, request.log);
    if (text === undefined) {
      const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
      return reply.status(404).type('application/xml; charset=utf-8').send(faultXml(t('notFound')));
    }
    const current = typeof request.query.v === 'string' && request.query.v === versionOf(text);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(text);
  });
}
