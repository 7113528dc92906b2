/**
 * Host parts in the count of hand-written lines (issue 33, item 5): a definition may name parts the app
 * draws by name — host panels, host tabs (registries in src/shell/host-*.tsx). The shell is
 * not followed by the count, so without this a definition naming a hand-written panel would call its route
 * drawn. Here a route drawn by a definition reaches the modules of every host part named anywhere in the
 * definitions it reaches: itself, every definition one it reaches names (a `definition` key), and —
 * for a page of tabs read from the account types (`tabs` over Account/ListAccountTypes, whose tabs come from
 * the account layouts) — every definition and host tab a layout's Tabs name. Names are matched as whole strings, so the count errs on
 * the side of counting more.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The registries of host parts: src/shell/host-*.ts(x). */
export function hostRegistries(root: string): string[] {
  const dir = resolve(root, 'src/shell');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => /^host-.*\.tsx?$/.test(name) && !/\.test\./.test(name)).map((name) => join(dir, name));
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => existsSync(path));
}

/**
 * A registry's part names and the modules each one uses: the properties of its top-level object literals; a
 * property's modules are those of the imported names (and dynamic imports) its value uses, followed through
 * the file's own functions and constants.
 */
export function hostPartModules(file: string): Map<string, string[]> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const imported = new Map<string, string>();
  const locals = new Map<string, ts.Node>();
  const exported: ts.ObjectLiteralExpression[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (!target) continue;
      if (clause.name) imported.set(clause.name.text, target);
      if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const element of clause.namedBindings.elements) imported.set(element.name.text, target);
    }
    if (ts.isFunctionDeclaration(statement) && statement.name) locals.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        let value: ts.Expression = declaration.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
        // Every object literal of the file is a table of parts by name (exported, or mapped into the exported one).
        if (ts.isObjectLiteralExpression(value)) exported.push(value);
        else locals.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  const modulesOf = (node: ts.Node, seen = new Set<string>()): string[] => {
    const found = new Set<string>();
    const visit = (child: ts.Node) => {
      if (ts.isIdentifier(child)) {
        const target = imported.get(child.text);
        if (target) found.add(target);
        const local = locals.get(child.text);
        if (local && !seen.has(child.text)) {
          seen.add(child.text);
          for (const module of modulesOf(local, seen)) found.add(module);
        }
      }
      if (ts.isCallExpression(child) && child.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(child.arguments[0])) {
        const target = resolveModule(file, child.arguments[0].text);
        if (target) found.add(target);
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return [...found];
  };
  const parts = new Map<string, string[]>();
  for (const object of exported) {
    for (const property of object.properties) {
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
      if (name) parts.set(name, modulesOf(property));
    }
  }
  return parts;
}

const stringsIn = (value: unknown, into = new Set<string>()): Set<string> => {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsIn(item, into));
  return into;
};

/** The other definitions a definition names: the string values of its `definition` keys, at any depth. */
const namedDefinitions = (value: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) value.forEach((item) => namedDefinitions(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (/^definition$/i.test(key) && typeof item === 'string') into.add(item);
      else namedDefinitions(item, into);
    }
  }
  return into;
};

const readJsonFolder = (dir: string): Map<string, unknown> => {
  const found = new Map<string, unknown>();
  if (!existsSync(dir)) return found;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.schema.json')) found.set(relative(dir, path).replace(/\.json$/, ''), JSON.parse(readFileSync(path, 'utf8')));
    }
  };
  walk(dir);
  return found;
};

/** The strings of every definition a route's definition reaches (see the header). */
export function reachedStrings(definition: string, root: string): Set<string> {
  const screens = readJsonFolder(resolve(root, 'screen-definitions/screens'));
  const layoutTabs = new Set<string>();
  const layoutTabStrings = new Set<string>();
  for (const layout of readJsonFolder(resolve(root, 'screen-definitions/layouts/accounts')).values()) {
    const tabs = (layout as { Tabs?: { Definition?: string }[] }).Tabs ?? [];
    for (const tab of tabs) if (tab.Definition) layoutTabs.add(tab.Definition);
    stringsIn(tabs, layoutTabStrings);
  }
  const strings = new Set<string>();
  const reached = new Set<string>();
  const queue = [definition];
  while (queue.length) {
    const name = queue.pop()!;
    if (reached.has(name) || !screens.has(name)) continue;
    reached.add(name);
    const own = stringsIn(screens.get(name));
    for (const value of own) strings.add(value);
    queue.push(...namedDefinitions(screens.get(name)));
    const tabs = (screens.get(name) as { tabs?: unknown }).tabs;
    if (tabs && stringsIn(tabs).has('ListAccountTypes')) {
      queue.push(...layoutTabs);
      for (const value of layoutTabStrings) strings.add(value);
    }
  }
  return strings;
}

/** The modules of the host parts a route's definition reaches (absolute paths). */
export function hostModulesOf(definition: string, root: string): string[] {
  const strings = reachedStrings(definition, root);
  const modules = new Set<string>();
  for (const registry of hostRegistries(root)) {
    for (const [name, targets] of hostPartModules(registry)) if (strings.has(name)) targets.forEach((target) => modules.add(target));
  }
  return [...modules];
}
