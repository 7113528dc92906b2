/**
 * The layouts a server serves, read once per server start (keyed by the
 * running server's config object) from the folders of PORTAL_LAYOUTS_DIR. A
 * server with a broken layout file refuses to serve layouts and logs each
 * problem; `npm test` (scripts/check-layouts.ts) catches them before that.
 */
import { layoutDirsFromEnv } from '../definitions/definition-tree';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { fault } from '../fault';
import { publishedDefinitions } from '../definitions/published-store';
import { formatProblem, loadLayoutCatalogue, overrideLabel, type LayoutCatalogue, type LayoutOverride, type LayoutProblem } from './layout-catalogue';
import { setAddedValues, type AddedValue } from '../../contract/value-kinds';
import { clientText } from '../services/values/value-texts';
import { fileScreenLookup, setServedTypes, type ScreenLookup } from './account-types';
import { layoutTextLookup } from './layout-texts';
import { resolveLayout, toViewLayout, type ResolvedLayout } from './resolve-layout';

interface Loaded {
  key: string;
  catalogue: LayoutCatalogue | undefined;
  problems: string[];
  /** Served generic layouts by account type, action and locale (spec: cached when no product name). */
  served: Map<string, ViewLayout>;
}

const loadedByServer = new WeakMap<object, Loaded>();

/** What the registry needs of a request: the running server (its config object, one per start) and a log. */
export interface LayoutOwner {
  config: object;
  log: { error(details: object, message: string): void };
}

/** Overrides named by a problem (as its file, or in its message). */
function brokenOverrides(overrides: ReadonlyMap<string, LayoutOverride>, problems: readonly LayoutProblem[]): Set<string> {
  const broken = new Set<string>();
  for (const [name, override] of overrides) {
    const label = overrideLabel(name, override.version);
    if (problems.some((problem) => problem.file === label || problem.message.includes(label))) broken.add(name);
  }
  return broken;
}

/**
 * The files with the published database versions laid over them. A published
 * version that fails the checks is left out (its file is served), whatever the
 * database holds; if the rest still fails, the files alone.
 */
export function loadServedCatalogue(dirs: readonly string[], overrides: ReadonlyMap<string, LayoutOverride>, screens: ScreenLookup = fileScreenLookup()) {
  let result = loadLayoutCatalogue(dirs, overrides, screens);
  const skipped: string[] = [];
  if (result.problems.length && overrides.size) {
    const broken = brokenOverrides(overrides, result.problems);
    const kept = new Map([...overrides].filter(([name]) => !broken.has(name)));
    skipped.push(...broken);
    result = loadLayoutCatalogue(dirs, kept, screens);
    if (result.problems.length && kept.size) {
      skipped.push(...kept.keys());
      result = loadLayoutCatalogue(dirs, new Map(), screens);
    }
  }
  return { ...result, skipped };
}

function loadedFor(server: object, log?: LayoutOwner['log']): Loaded {
  const dirs = layoutDirsFromEnv();
  const published = publishedDefinitions(server);
  const key = `${dirs.join('\n')}\n#${published.generation}`;
  let loaded = loadedByServer.get(server);
  if (loaded?.key !== key) {
    const files = fileScreenLookup();
    const screens: ScreenLookup = (name) => published.screens.get(name)?.content ?? files(name);
    const { catalogue, problems, skipped } = loadServedCatalogue(dirs, published.layouts, screens);
    if (!problems.length) registerTypeValues(catalogue);
    if (skipped.length) log?.error({ layouts: skipped }, 'published layouts fail their checks: their files are served');
    loaded = { key, catalogue: problems.length ? undefined : catalogue, problems: problems.map(formatProblem), served: new Map() };
    loadedByServer.set(server, loaded);
  }
  return loaded;
}

/** The account types of the layouts as values of the kind accountType: their names in every language, their colours in lists. */
function registerTypeValues(catalogue: LayoutCatalogue): void {
  const values = new Map<string, AddedValue>();
  for (const entry of catalogue.types.values()) {
    const key = entry.typeLabel;
    values.set(entry.accountType, {
      color: entry.color,
      label: (locale = 'en') => {
        const found = layoutTextLookup(locale)(entry.layout, key);
        return found !== key ? found : (clientText(locale, key) ?? entry.accountType);
      },
    });
  }
  setAddedValues('accountType', values);
  setServedTypes(catalogue.types);
}

/** The checked layouts of the running server; 500 (and each problem logged) while a file is broken. */
export function layoutCatalogue(owner: LayoutOwner): LayoutCatalogue {
  const loaded = loadedFor(owner.config, owner.log);
  if (!loaded.catalogue) {
    owner.log.error({ problems: loaded.problems }, 'the view layouts are invalid');
    throw fault(500, 'forms.layoutsInvalid');
  }
  return loaded.catalogue;
}

export function findLayout(owner: LayoutOwner, accountType: string, action: string, productName: string | null | undefined): ResolvedLayout {
  return resolveLayout(layoutCatalogue(owner), accountType, action, productName);
}

/** The served layout in a language; generic ones are kept, product ones built per call. */
export function servedLayout(owner: LayoutOwner, accountType: string, action: string, productName: string | null | undefined, locale: string): ViewLayout {
  const catalogue = layoutCatalogue(owner);
  const loaded = loadedFor(owner.config);
  const cacheKey = `${accountType}\n${action}\n${locale}`;
  const cached = productName ? undefined : loaded.served.get(cacheKey);
  if (cached) return cached;
  const resolved = resolveLayout(catalogue, accountType, action, productName);
  if (resolved.pages.length === 0) throw fault(404, 'forms.noPages');
  const layout = toViewLayout(resolved, layoutTextLookup(locale));
  if (!productName) loaded.served.set(cacheKey, layout);
  return layout;
}
