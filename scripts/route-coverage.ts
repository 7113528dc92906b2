/**
 * What is drawn and what is written by hand, per route (issue 33, item 5).
 *
 * For every route of src/router/routes.ts: the screen module it loads, and the
 * hand-written lines that module reaches through its imports, transitively
 * (static `import`/`export … from`, type-only imports included, and dynamic
 * `import()` too, so a dialog loaded lazily still counts). A line is a physical
 * line of a .ts/.tsx file (as `wc -l` counts it); a route is DRAWN when its
 * module reaches at most DRAWN_LIMIT such lines.
 *
 * Not counted (followed no further), and why:
 * - engine/     the pure form, grid and wizard models every definition is drawn by;
 * - renderers/  the React bindings of those models (DefinedGrid, LayoutForm, wizards …);
 * - contract/   the service catalogue: types and declarations, not screens;
 * - the shell: src/shell/ (the frame: header, menus, navigation) and the app-wide
 *   services it sets up for every screen — src/api/ (the service client), src/session/,
 *   src/messages/, src/i18n/, src/router/, src/config/, src/theme/, src/branding/,
 *   src/realtime/, src/identity/ (passkeys, impersonation), src/consent/, src/analytics/,
 *   src/chat/. Any screen calls a service and shows a message, the engine's own route
 *   (/list/:id) included: counted, they would put every route above the limit and the
 *   figure would measure the plumbing, not the screens;
 * - src/components/  shared components every screen may use (no screen's own UI);
 * - src/screens/list/  the engine's door into the app, shared by every defined screen:
 *   it loads a definition, checks its access and hands the renderer the service client
 *   (DefinitionGridScreen, ListScreen for /list/:id …). Its size
 *   is held by tests/unit/definitions-coverage.test.ts so nothing hides there;
 * - packages (node_modules) and data files (screen definitions, layouts, texts: .json)
 *   — they are not hand-written code of this portal, and definitions are the point;
 * - *.test.ts(x) files, which no route loads.
 * Everything else a screen reaches is counted: its own folder, other screens'
 * files (src/screens/), and any new folder of src/ not named above — and, for a route
 * drawn by a definition, what the host parts its definitions name reach (panels, tabs,
 * actions the app draws by name: scripts/host-parts.ts), so no hand-written panel
 * hides behind the shell's registries.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { AppRoute } from '../src/router/route-record';
import { hostModulesOf } from './host-parts';

export const ROOT = resolve(import.meta.dirname, '..');
const ROUTES_FILE = resolve(ROOT, 'src/router/routes.ts');

/** A route is drawn when its module reaches at most this many hand-written lines. */
export const DRAWN_LIMIT = 60;

/** The generic definition screens (see the header); counted in the lines of src/screens, not per route. */
export const DEFINITION_HOST = 'src/screens/list/';

/** The folders whose files are not counted (see the header for why). */
export const NOT_COUNTED = [
  'engine/',
  'renderers/',
  'contract/',
  ...['shell', 'api', 'session', 'messages', 'i18n', 'router', 'config', 'theme', 'branding', 'realtime', 'identity', 'consent', 'analytics', 'chat'].map((folder) => `src/${folder}/`),
  'src/components/',
  DEFINITION_HOST,
] as const;

export interface RouteCoverage {
  path: string;
  /** The lazily loaded screen module, relative to the repository. */
  module: string;
  /** Sign-in, MFA and password pages (the route's `drawnBy.signIn`): shown on their own line too. */
  signIn: boolean;
  /** Hand-written lines the module reaches (itself included). */
  lines: number;
  /** The files counted, relative to the repository, with their lines. */
  files: Map<string, number>;
  drawn: boolean;
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) ? unwrap(node.expression) : node;

function importsIn(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(child.arguments[0])) {
      found.push(child.arguments[0].text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The screen module of each route of appRoutes, in the table's order (a spread `[...].map(...)` gives one per element). */
export function routeModules(source = readFileSync(ROUTES_FILE, 'utf8')): string[] {
  const file = ts.createSourceFile(ROUTES_FILE, source, ts.ScriptTarget.Latest, true);
  let table: ts.ArrayLiteralExpression | undefined;
  const find = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'appRoutes' && node.initializer && ts.isArrayLiteralExpression(unwrap(node.initializer))) {
      table = unwrap(node.initializer) as ts.ArrayLiteralExpression;
    }
    ts.forEachChild(node, find);
  };
  find(file);
  if (!table) throw new Error('appRoutes not found in src/router/routes.ts');
  const modules: string[] = [];
  for (const element of table.elements) {
    if (!ts.isSpreadElement(element)) {
      modules.push(importsIn(element)[0] ?? '');
      continue;
    }
    const call = unwrap(element.expression);
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) throw new Error(`unreadable spread at ${element.getText().slice(0, 60)}`);
    const items = unwrap(call.expression.expression);
    if (!ts.isArrayLiteralExpression(items)) throw new Error(`unreadable spread at ${element.getText().slice(0, 60)}`);
    const shared = importsIn(call.arguments[0])[0] ?? '';
    for (const item of items.elements) modules.push(importsIn(item)[0] ?? shared);
  }
  return modules.map((specifier) => {
    const path = specifier ? resolveModule(ROUTES_FILE, specifier) : undefined;
    return path ? relative(ROOT, path) : '';
  });
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => existsSync(path) && statSync(path).isFile());
}

/** Relative specifiers of `import … from`, `import '…'`, `export … from` and `import('…')`. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

const lineCount = (text: string) => (text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const counted = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !NOT_COUNTED.some((prefix) => name.startsWith(prefix));

/**
 * The hand-written files a module reaches (itself included), with their lines. `root` lets a test use a fixture tree.
 * A route's own module is counted wherever it lives (a screen placed in the shell's folders is still a
 * screen), the definition host's excepted.
 */
export function handWrittenClosure(module: string, root = ROOT, countEntry = true): Map<string, number> {
  const seen = new Map<string, number>();
  const start = resolve(root, module);
  const queue = [start];
  while (queue.length) {
    const path = queue.pop()!;
    const name = relative(root, path);
    const entry = countEntry && path === start && !name.startsWith(DEFINITION_HOST) && /\.tsx?$/.test(name);
    if (seen.has(name) || name.startsWith('..') || !(entry || counted(name))) continue;
    const text = readFileSync(path, 'utf8');
    seen.set(name, lineCount(text));
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveModule(path, match[1]);
      if (target) queue.push(target);
    }
  }
  return seen;
}

export function coverageOf(routes: readonly AppRoute[], modules = routeModules(), root = ROOT): RouteCoverage[] {
  if (modules.length !== routes.length) throw new Error(`routes.ts: ${modules.length} modules read for ${routes.length} routes`);
  return routes.map((route, index) => {
    const module = modules[index];
    if (!module) throw new Error(`routes.ts: no screen module found for ${route.path}`);
    const files = handWrittenClosure(module, root);
    const definition = route.drawnBy && 'definition' in route.drawnBy && route.drawnBy.definition !== '*' ? route.drawnBy.definition : undefined;
    for (const host of definition ? hostModulesOf(definition, root) : []) {
      for (const [file, count] of handWrittenClosure(relative(root, host), root, false)) files.set(file, count);
    }
    const lines = [...files.values()].reduce((sum, count) => sum + count, 0);
    const signIn = Boolean(route.drawnBy?.signIn);
    return { path: route.path, module, signIn, lines, files, drawn: lines <= DRAWN_LIMIT };
  });
}

export interface Share {
  drawn: number;
  total: number;
  percent: number;
}

const shareIn = (rows: readonly RouteCoverage[]): Share => {
  const drawn = rows.filter((row) => row.drawn).length;
  return { drawn, total: rows.length, percent: rows.length ? Math.round((drawn / rows.length) * 1000) / 10 : 0 };
};

/** All routes (sign-in pages included), the sign-in pages alone, and the other routes. */
export function shareOf(rows: readonly RouteCoverage[]): { all: Share; signIn: Share; others: Share } {
  return { all: shareIn(rows), signIn: shareIn(rows.filter((row) => row.signIn)), others: shareIn(rows.filter((row) => !row.signIn)) };
}

/** Physical lines of the .ts/.tsx files of a folder, tests left out. */
export function folderLines(folder: string, root = ROOT): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) total += lineCount(readFileSync(path, 'utf8'));
    }
  };
  walk(resolve(root, folder));
  return total;
}

/** The Markdown table the README shows, with the share and the lines of src/screens. */
export function coverageTable(rows: readonly RouteCoverage[], screensLines = folderLines('src/screens')): string {
  const share = shareOf(rows);
  const figure = (value: Share) => `${value.drawn} of ${value.total} (${value.percent} %)`;
  return [
    '| route | module | hand-written lines | drawn |',
    '|---|---|---:|---|',
    ...rows.map((row) => `| \`${row.path}\`${row.signIn ? ' (sign-in)' : ''} | \`${row.module}\` | ${row.lines} | ${row.drawn ? 'yes' : 'no'} |`),
    '',
    `Drawn (at most ${DRAWN_LIMIT} hand-written lines): **${figure(share.all)} routes**; sign-in, MFA and password pages ${figure(share.signIn)}; the other routes ${figure(share.others)}. \`src/screens\`: **${screensLines} lines**.`,
  ].join('\n');
}
