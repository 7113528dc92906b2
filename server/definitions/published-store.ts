/**
 * The definitions published in the database (definition studio), per running
 * server: loaded at start and again whenever any instance publishes or rolls
 * back (realtime event `definitions`). The layout registry and the screen
 * definition route overlay them on the files; each one is checked again before
 * it is served, so a broken row never reaches a client.
 */
import type { Queryable } from '../db/db';

export type DefinitionKind = 'layout' | 'screen' | 'report';

export interface PublishedDefinition {
  version: number;
  /** The parsed JSON (undefined when the stored text is not JSON: then the file is served). */
  content: unknown;
}

export interface PublishedDefinitions {
  /** Changes at every reload: caches built from the definitions key on it. */
  generation: number;
  layouts: Map<string, PublishedDefinition>;
  screens: Map<string, PublishedDefinition>;
  /** Report definitions (issue 22): laid over screen-definitions/reports. */
  reports: Map<string, PublishedDefinition>;
}

const stores = new WeakMap<object, PublishedDefinitions>();
let generations = 0;

/** The published definitions of the server owning this config object (empty until loaded). */
export function publishedDefinitions(config: object): PublishedDefinitions {
  let store = stores.get(config);
  if (!store) {
    store = { generation: 0, layouts: new Map(), screens: new Map(), reports: new Map() };
    stores.set(config, store);
  }
  return store;
}

function parse(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined;
  }
}

/** Re-reads the published versions of every definition (start-up, after a publish anywhere). */
export async function reloadPublishedDefinitions(db: Queryable, config: object): Promise<PublishedDefinitions> {
  const rows = await db.query<{ kind: DefinitionKind; name: string; version: number; source: string }>(
    `SELECT v.kind, v.name, v.version, v.source FROM definition_heads h
       JOIN definition_versions v ON v.kind = h.kind AND v.name = h.name AND v.version = h.published_version
      WHERE h.published_version > 0`,
  );
  const store = publishedDefinitions(config);
  const layouts = new Map<string, PublishedDefinition>();
  const screens = new Map<string, PublishedDefinition>();
  const reports = new Map<string, PublishedDefinition>();
  const byKind = { layout: layouts, screen: screens, report: reports };
  for (const row of rows) byKind[row.kind].set(row.name, { version: Number(row.version), content: parse(row.source) });
  store.layouts = layouts;
  store.screens = screens;
  store.reports = reports;
  store.generation = ++generations;
  return store;
}
