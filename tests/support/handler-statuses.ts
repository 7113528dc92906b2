/**
 * The HTTP statuses each service handler can answer, read from the server's source: every
 * `new ServiceFault(<status>, …)` a handler reaches through the functions it calls, followed
 * across files by name (imports, re-exports, top-level functions and consts). A helper that
 * takes the status as a parameter (`fault(status, …)`, `refuse(ctx, 409, …)`) counts at each
 * call site with a literal there.
 *
 * Only syntax is read (no type checker: seconds, not half a minute), so a call through an
 * object the server does not define at top level (ctx.db, ctx.mailer, a class instance) is not
 * followed; no class method of the server throws a fault today. A fault a caller catches still
 * counts: it errs towards more statuses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import ts from 'typescript';

export interface HandlerStatuses {
  /** `Service/Method` → statuses its handler can answer (sorted). */
  statuses: Map<string, number[]>;
  /** `Service/Method` → places whose status could not be read (not a literal). */
  unknown: Map<string, string[]>;
}

interface Facts {
  statuses: Set<number>;
  /** Parameter positions passed on as a fault's status. */
  statusParams: Set<number>;
  unknown: Set<string>;
}

type FunctionNode = ts.FunctionLikeDeclaration;
/** What a name at top level of a file stands for. */
type Binding = { file: string; node: ts.Node } | { namespace: string };

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

function unwrap(expression: ts.Expression): ts.Expression {
  let value = expression;
  while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value) || ts.isAwaitExpression(value)) value = value.expression;
  return value;
}

export function readHandlerStatuses(root: string): HandlerStatuses {
  const serverDir = join(root, 'server');
  const files = new Map<string, ts.SourceFile>();
  const source = (file: string) => {
    let parsed = files.get(file);
    if (!parsed) {
      parsed = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
      files.set(file, parsed);
    }
    return parsed;
  };
  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    return `${file.fileName.slice(root.length + 1)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  /** A relative import inside the server, as a file path; undefined for packages and the contract. */
  const moduleFile = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const base = resolvePath(dirname(from), specifier);
    if (!base.startsWith(serverDir + '/')) return undefined;
    return [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  };

  /** The top-level declaration (or import) a file knows under a name. */
  function bindingIn(file: string, name: string, seen = new Set<string>()): Binding | undefined {
    if (seen.has(`${file}#${name}`)) return undefined;
    seen.add(`${file}#${name}`);
    for (const statement of source(file).statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { file, node: statement };
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return { file, node: declaration.initializer };
        }
      }
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause?.namedBindings) {
        const target = moduleFile(file, statement.moduleSpecifier.text);
        const bindings = statement.importClause.namedBindings;
        if (ts.isNamespaceImport(bindings) && bindings.name.text === name) return target ? { namespace: target } : undefined;
        if (ts.isNamedImports(bindings)) {
          const specifier = bindings.elements.find((element) => element.name.text === name);
          if (specifier) return target ? exported(target, (specifier.propertyName ?? specifier.name).text, seen) : undefined;
        }
      }
    }
    return undefined;
  }

  /** What a module exports under a name: its own declaration or a re-export. */
  function exported(file: string, name: string, seen: Set<string>): Binding | undefined {
    const own = bindingIn(file, name, seen);
    if (own) return own;
    for (const statement of source(file).statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      if (!statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        // export { local as name }
        const specifier = statement.exportClause.elements.find((element) => element.name.text === name);
        if (specifier) return bindingIn(file, (specifier.propertyName ?? specifier.name).text, seen);
        continue;
      }
      if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = moduleFile(file, statement.moduleSpecifier.text);
      if (!target) continue;
      if (!statement.exportClause) {
        const found = exported(target, name, seen);
        if (found) return found;
      } else if (ts.isNamedExports(statement.exportClause)) {
        const specifier = statement.exportClause.elements.find((element) => element.name.text === name);
        if (specifier) return exported(target, (specifier.propertyName ?? specifier.name).text, seen);
      }
    }
    return undefined;
  }

  /** The server function an expression names: `name`, `namespace.name`, `object.method` of a top-level const object. */
  function functionAt(expression: ts.Expression): FunctionNode | undefined {
    const value = unwrap(expression);
    if (isFunction(value)) return value;
    if (ts.isIdentifier(value)) {
      const binding = bindingIn(value.getSourceFile().fileName, value.text);
      if (binding && 'node' in binding) return isFunction(binding.node) ? binding.node : undefined;
      return undefined;
    }
    if (ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression)) {
      const binding = bindingIn(value.getSourceFile().fileName, value.expression.text);
      if (!binding) return undefined;
      if ('namespace' in binding) {
        const member = exported(binding.namespace, value.name.text, new Set());
        return member && 'node' in member && isFunction(member.node) ? member.node : undefined;
      }
      const object = ts.isExpression(binding.node) ? unwrap(binding.node) : binding.node;
      if (!ts.isObjectLiteralExpression(object)) return undefined;
      for (const member of object.properties) {
        if (member.name?.getText() !== value.name.text) continue;
        if (ts.isMethodDeclaration(member)) return member;
        if (ts.isPropertyAssignment(member)) return functionAt(member.initializer);
      }
    }
    return undefined;
  }

  const facts = new Map<ts.Node, Facts>();

  function analyse(fn: FunctionNode): Facts {
    const known = facts.get(fn);
    if (known) return known;
    const own: Facts = { statuses: new Set(), statusParams: new Set(), unknown: new Set() };
    facts.set(fn, own); // a cycle adds nothing new
    const params = fn.parameters.map((parameter) => parameter.name.getText());

    /** A status argument: a literal (or a choice of two), a parameter passed on, or unknown. */
    const statusArgument = (argument: ts.Expression | undefined, site: ts.Node): void => {
      const value = argument && unwrap(argument);
      if (value && ts.isConditionalExpression(value)) [value.whenTrue, value.whenFalse].forEach((branch) => statusArgument(branch, site));
      else if (value && ts.isNumericLiteral(value)) own.statuses.add(Number(value.text));
      else if (value && ts.isIdentifier(value) && params.includes(value.text)) own.statusParams.add(params.indexOf(value.text));
      else own.unknown.add(where(site));
    };
    const reach = (target: FunctionNode, site?: ts.CallExpression | ts.NewExpression) => {
      if (target === fn) return;
      const called = analyse(target);
      called.statuses.forEach((status) => own.statuses.add(status));
      called.unknown.forEach((place) => own.unknown.add(place));
      if (site) called.statusParams.forEach((index) => statusArgument(site.arguments?.[index], site));
    };

    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ServiceFault') {
        statusArgument(node.arguments?.[0], node);
      } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const target = functionAt(node.expression);
        if (target) reach(target, node);
        // The callee's own name is not visited again; its arguments (callbacks) are.
        node.arguments?.forEach(visit);
        if (!ts.isIdentifier(node.expression)) visit(node.expression);
        return;
      } else if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        // A function handed on as a value (a callback) is reached too.
        const target = functionAt(node);
        if (target) reach(target);
      }
      ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
    return own;
  }

  const statuses = new Map<string, number[]>();
  const unknown = new Map<string, string[]>();

  /** The handlers of one service: an object literal (possibly through defineHandlers) with spreads. */
  function collect(service: string, expression: ts.Expression): void {
    const value = unwrap(expression);
    if (ts.isCallExpression(value) && value.arguments.length === 2) return collect(service, value.arguments[1]);
    if (ts.isIdentifier(value)) {
      const binding = bindingIn(value.getSourceFile().fileName, value.text);
      if (!binding || !('node' in binding) || !ts.isExpression(binding.node)) throw new Error(`handlers ${value.text} of ${service}: not found from ${where(value)}`);
      return collect(service, binding.node);
    }
    if (!ts.isObjectLiteralExpression(value)) throw new Error(`handlers of ${service}: unexpected ${ts.SyntaxKind[value.kind]} at ${where(value)}`);
    for (const member of value.properties) {
      if (ts.isSpreadAssignment(member)) {
        collect(service, member.expression);
        continue;
      }
      const name = member.name?.getText().replace(/^['"]|['"]$/g, '');
      const fn = ts.isMethodDeclaration(member)
        ? member
        : ts.isPropertyAssignment(member)
          ? functionAt(member.initializer)
          : ts.isShorthandPropertyAssignment(member)
            ? functionAt(member.name)
            : undefined;
      if (!fn || !name) throw new Error(`handler ${service}/${name ?? '?'}: not a function at ${where(member)}`);
      const found = analyse(fn);
      statuses.set(`${service}/${name}`, [...found.statuses].sort((a, b) => a - b));
      if (found.unknown.size) unknown.set(`${service}/${name}`, [...found.unknown].sort());
    }
  }

  const registryFile = join(serverDir, 'services/registry.ts');
  const registry = bindingIn(registryFile, 'registry');
  const registryObject = registry && 'node' in registry && ts.isExpression(registry.node) ? unwrap(registry.node) : undefined;
  if (!registryObject || !ts.isObjectLiteralExpression(registryObject)) throw new Error('server/services/registry.ts: no `registry` object');
  for (const entry of registryObject.properties) {
    if (!ts.isPropertyAssignment(entry)) throw new Error(`registry: unexpected member at ${where(entry)}`);
    collect(entry.name.getText(), entry.initializer);
  }
  return { statuses, unknown };
}
