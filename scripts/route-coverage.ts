/**
 * What draws each route's body (issue 22): the claim on the route record
 * (`drawnBy` in src/router/routes.ts), verified against the code so it cannot
 * lie — a definition or layout claim needs its file (or folder) and a screen
 * module whose imports reach the engine's renderer (DefinedGrid, LayoutForm or
 * a wizard renderer) and name the id; a report claim needs its report file and
 * a module reaching DefinedGrid and a chart renderer (renderers/charts). `npm run definitions:coverage` prints it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { AppRoute, DrawnBy } from '../src/router/route-record';

export const ROOT = resolve(import.meta.dirname, '..');
const ROUTES_FILE = resolve(ROOT, 'src/router/routes.ts');

export interface RouteCoverage {
  path: string;
  /** The lazily loaded screen module, relative to the repository. */
  module: string;
  kind: 'definition' | 'layout' | 'report' | 'code' | 'signIn' | 'unclaimed';
  /** The id, or the reason for code. */
  detail: string;
  /** Why the claim does not hold ('' when it does). */
  problem: string;
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
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => existsSync(path) && !path.endsWith('/') && /\.tsx?$/.test(path));
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;
/** Not followed: the shell and router are around every screen, not part of one. */
const NOT_FOLLOWED = ['src/shell/', 'src/router/', 'src/i18n/', 'src/session/', 'src/api/'];

/** The files a screen module reaches through relative imports (src and renderers; engine is pure and not drawn). */
export function importClosure(module: string): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [resolve(ROOT, module)];
  while (queue.length) {
    const path = queue.pop()!;
    const name = relative(ROOT, path);
    if (seen.has(name) || !/^(src|renderers)\//.test(name) || NOT_FOLLOWED.some((prefix) => name.startsWith(prefix)) || /\.test\.tsx?$/.test(name)) continue;
    const text = readFileSync(path, 'utf8');
    seen.set(name, text);
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveModule(path, match[1]);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const DEFINITIONS_DIR = resolve(ROOT, 'screen-definitions');
const REPORTS_DIR = resolve(ROOT, 'server/services/reports/definitions');
const LAYOUTS_DIR = resolve(ROOT, 'server/layouts');

function definitionExists(id: string): boolean {
  return id === '*' || existsSync(resolve(DEFINITIONS_DIR, `${id}.json`));
}

function layoutExists(id: string): boolean {
  if (id.endsWith('/*')) {
    const dir = resolve(LAYOUTS_DIR, id.slice(0, -2));
    return existsSync(dir) && readdirSync(dir).some((file) => file.endsWith('.json'));
  }
  return existsSync(resolve(LAYOUTS_DIR, `${id}.json`));
}

const namesId = (closure: Map<string, string>, id: string) =>
  [...closure].some(([name, text]) => name.startsWith('src/') && (text.includes(`'${id}'`) || text.includes(`"${id}"`)));

/** Why a claim does not hold for the module ('' when it holds). */
export function verifyClaim(claim: DrawnBy, module: string): string {
  if (!module) return 'no screen module found for the route';
  if ('code' in claim) return claim.code.trim() ? '' : 'a code claim names its reason';
  const closure = importClosure(module);
  if ('report' in claim) {
    const exists = claim.report === '*' ? readdirSync(REPORTS_DIR).some((file) => file.endsWith('.json')) : existsSync(resolve(REPORTS_DIR, `${claim.report}.json`));
    if (!exists) return `no server/services/reports/definitions/${claim.report === '*' ? '*' : claim.report}.json`;
    if (!closure.has('renderers/grids/DefinedGrid.tsx')) return `${module} does not reach renderers/grids/DefinedGrid.tsx`;
    if (![...closure.keys()].some((name) => name.startsWith('renderers/charts/'))) return `${module} reaches no chart renderer (renderers/charts)`;
    if (claim.report !== '*' && !namesId(closure, claim.report)) return `${module} never names '${claim.report}'`;
    return '';
  }
  if ('definition' in claim) {
    if (!definitionExists(claim.definition)) return `no screen-definitions/${claim.definition}.json`;
    if (!closure.has('renderers/grids/DefinedGrid.tsx')) return `${module} does not reach renderers/grids/DefinedGrid.tsx`;
    if (claim.definition !== '*' && !namesId(closure, claim.definition)) return `${module} never names '${claim.definition}'`;
    return '';
  }
  if (!layoutExists(claim.layout)) return `no server/layouts/${claim.layout}${claim.layout.endsWith('/*') ? '' : '.json'}`;
  const renderer = [...closure.keys()].some((name) => name === 'renderers/forms/LayoutForm.tsx' || /^renderers\/.*Wizard[^/]*\.tsx$/.test(name));
  if (!renderer) return `${module} reaches neither renderers/forms/LayoutForm.tsx nor a wizard renderer`;
  if (!claim.layout.endsWith('/*') && !namesId(closure, claim.layout)) return `${module} never names '${claim.layout}'`;
  return '';
}

export function coverageOf(routes: readonly AppRoute[], modules = routeModules()): RouteCoverage[] {
  if (modules.length !== routes.length) throw new Error(`routes.ts: ${modules.length} modules read for ${routes.length} routes`);
  return routes.map((route, index) => {
    const module = modules[index];
    const claim = route.drawnBy;
    if (!claim) return { path: route.path, module, kind: 'unclaimed', detail: '', problem: 'no drawnBy claim' };
    const kind = 'definition' in claim ? 'definition' : 'layout' in claim ? 'layout' : 'report' in claim ? 'report' : claim.signIn ? 'signIn' : 'code';
    const detail = 'definition' in claim ? claim.definition : 'layout' in claim ? claim.layout : 'report' in claim ? claim.report : claim.code;
    return { path: route.path, module, kind, detail, problem: verifyClaim(claim, module) };
  });
}

/** Share of the routes other than sign-in, MFA and password pages drawn from definitions or layouts. */
export function shareOf(rows: readonly RouteCoverage[]): { drawn: number; counted: number; percent: number } {
  const counted = rows.filter((row) => row.kind !== 'signIn');
  const drawn = counted.filter((row) => (row.kind === 'definition' || row.kind === 'layout' || row.kind === 'report') && !row.problem).length;
  return { drawn, counted: counted.length, percent: counted.length ? Math.round((drawn / counted.length) * 1000) / 10 : 0 };
}

/** The Markdown table the README shows. */
export function coverageTable(rows: readonly RouteCoverage[]): string {
  const share = shareOf(rows);
  const what = (row: RouteCoverage) =>
    row.kind === 'definition' ? `definition \`${row.detail}\`` : row.kind === 'report' ? `report definition \`${row.detail}\`` : row.kind === 'layout' ? `layout \`${row.detail}\`` : row.kind === 'unclaimed' ? 'unclaimed' : `code: ${row.detail}`;
  const lines = [
    '| route | drawn by | claim holds |',
    '|---|---|---|',
    ...rows.filter((row) => row.kind !== 'signIn').map((row) => `| \`${row.path}\` | ${what(row)} | ${row.problem ? `no: ${row.problem}` : 'yes'} |`),
    '',
    `Drawn from definitions or layouts: **${share.drawn} of ${share.counted} routes (${share.percent} %)**; sign-in, MFA and password pages (counted apart, code): ${rows
      .filter((row) => row.kind === 'signIn')
      .map((row) => `\`${row.path}\``)
      .join(', ')}.`,
  ];
  return lines.join('\n');
}
