/**
 * A small, safe expression language for computed columns and bulk edits of
 * screen definitions (no eval / new Function: the CSP forbids them, and a
 * definition edited in the studio must not run code). Parsed once, evaluated
 * per row.
 *
 *   numbers, 'texts', true, false, null, field names (PascalCase: the row's
 *   fields; camelCase: the action form's parameters), + - * / %, comparisons
 *   (== != < <= > >=), && || !, a ? b : c, and the functions
 *   round(x, decimals) ceil floor abs min max coalesce(a, b, …), and over a field holding a list:
 *   size(List) (its entries) and countTrue(List, 'Field', …) (the entries' named fields that are true, summed).
 */
export type ExpressionValue = number | string | boolean | null;
export type ExpressionScope = (name: string) => unknown;

type Node =
  | { kind: 'literal'; value: ExpressionValue }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '-' | '!'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'conditional'; test: Node; then: Node; otherwise: Node }
  | { kind: 'call'; name: string; args: Node[] }
  | { kind: 'listCall'; name: string; list: string; args: Node[] };

export class ExpressionError extends Error {}

/** A list function's first argument: the field's list as the row holds it (not a value of the language). */
const listOf = (value: unknown): readonly unknown[] | undefined => (Array.isArray(value) ? value : undefined);
const isEntry = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Functions over a list field: their first argument must name the field. */
const LIST_FUNCTIONS: Record<string, { arity: [number, number]; run: (list: readonly unknown[] | undefined, args: ExpressionValue[]) => ExpressionValue }> = {
  size: { arity: [1, 1], run: (list) => (list ? list.length : null) },
  countTrue: {
    arity: [2, 10],
    run: (list, fields) => (list ? list.filter(isEntry).reduce<number>((sum, entry) => sum + fields.filter((field) => typeof field === 'string' && entry[field] === true).length, 0) : null),
  },
};

const FUNCTIONS: Record<string, { arity: [number, number]; run: (args: ExpressionValue[]) => ExpressionValue }> = {
  round: { arity: [1, 2], run: ([x, digits]) => numeric(x, (n) => roundTo(n, typeof digits === 'number' ? digits : 0)) },
  ceil: { arity: [1, 1], run: ([x]) => numeric(x, Math.ceil) },
  floor: { arity: [1, 1], run: ([x]) => numeric(x, Math.floor) },
  abs: { arity: [1, 1], run: ([x]) => numeric(x, Math.abs) },
  min: { arity: [1, 10], run: (args) => (args.every((a) => typeof a === 'number') ? Math.min(...(args as number[])) : null) },
  max: { arity: [1, 10], run: (args) => (args.every((a) => typeof a === 'number') ? Math.max(...(args as number[])) : null) },
  coalesce: { arity: [1, 10], run: (args) => args.find((a) => a !== null) ?? null },
};

/** Rounds half away from zero to `digits` decimals, without binary artefacts (12.345 → 12.35). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.sign(value) * Math.round(Math.abs(value) * factor + 1e-9) / factor;
}

const numeric = (value: ExpressionValue, run: (n: number) => number): ExpressionValue => (typeof value === 'number' ? run(value) : null);

const TOKEN = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|([A-Za-z_][A-Za-z0-9_]*)|'((?:[^'\\]|\\.)*)'|(==|!=|<=|>=|&&|\|\||[-+*/%<>!?:(),]))/y;
type Token = { type: 'number'; value: number } | { type: 'name'; value: string } | { type: 'text'; value: string } | { type: 'op'; value: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new ExpressionError(`unexpected character at ${at}: "${source.slice(at).trim()[0]}"`);
    if (match[1] !== undefined) tokens.push({ type: 'number', value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ type: 'name', value: match[2] });
    else if (match[3] !== undefined) tokens.push({ type: 'text', value: match[3].replace(/\\(.)/g, '$1') });
    else tokens.push({ type: 'op', value: match[4] });
  }
  return tokens;
}

const PRECEDENCE: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.conditional();
    if (this.index < this.tokens.length) throw new ExpressionError(`unexpected "${String(this.tokens[this.index].value)}"`);
    return node;
  }

  private peek(value: string) {
    const token = this.tokens[this.index];
    return token?.type === 'op' && token.value === value;
  }

  private expect(value: string) {
    if (!this.peek(value)) throw new ExpressionError(`expected "${value}"`);
    this.index += 1;
  }

  private conditional(): Node {
    const test = this.binary(1);
    if (!this.peek('?')) return test;
    this.index += 1;
    const then = this.conditional();
    this.expect(':');
    return { kind: 'conditional', test, then, otherwise: this.conditional() };
  }

  private binary(minimum: number): Node {
    let left = this.unary();
    for (;;) {
      const token = this.tokens[this.index];
      const precedence = token?.type === 'op' ? PRECEDENCE[token.value] : undefined;
      if (precedence === undefined || precedence < minimum) return left;
      this.index += 1;
      left = { kind: 'binary', op: String(token.value), left, right: this.binary(precedence + 1) };
    }
  }

  private unary(): Node {
    if (this.peek('-') || this.peek('!')) {
      const op = this.tokens[this.index++].value as '-' | '!';
      return { kind: 'unary', op, operand: this.unary() };
    }
    return this.primary();
  }

  private primary(): Node {
    const token = this.tokens[this.index++];
    if (!token) throw new ExpressionError('unexpected end');
    if (token.type === 'number' || token.type === 'text') return { kind: 'literal', value: token.value };
    if (token.type === 'op' && token.value === '(') {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    }
    if (token.type !== 'name') throw new ExpressionError(`unexpected "${token.value}"`);
    if (token.value === 'true' || token.value === 'false') return { kind: 'literal', value: token.value === 'true' };
    if (token.value === 'null') return { kind: 'literal', value: null };
    if (!this.peek('(')) return { kind: 'name', name: token.value };
    // Own names only: a name of Object's prototype (toString) is no function of the language.
    const fn = Object.hasOwn(FUNCTIONS, token.value) ? FUNCTIONS[token.value] : Object.hasOwn(LIST_FUNCTIONS, token.value) ? LIST_FUNCTIONS[token.value] : undefined;
    if (!fn) throw new ExpressionError(`unknown function "${token.value}" (known: ${[...Object.keys(FUNCTIONS), ...Object.keys(LIST_FUNCTIONS)].join(', ')})`);
    this.index += 1;
    const args: Node[] = [];
    if (!this.peek(')')) {
      do args.push(this.conditional());
      while (this.peek(',') && ++this.index);
    }
    this.expect(')');
    if (args.length < fn.arity[0] || args.length > fn.arity[1]) throw new ExpressionError(`${token.value} takes ${fn.arity.join(' to ')} arguments`);
    if (!Object.hasOwn(LIST_FUNCTIONS, token.value)) return { kind: 'call', name: token.value, args };
    const [list, ...rest] = args;
    if (list.kind !== 'name') throw new ExpressionError(`${token.value} takes a field holding a list first`);
    return { kind: 'listCall', name: token.value, list: list.name, args: rest };
  }
}

function evaluate(node: Node, scope: ExpressionScope): ExpressionValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name': {
      const value = scope(node.name);
      return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
    }
    case 'unary': {
      const value = evaluate(node.operand, scope);
      return node.op === '!' ? !value : typeof value === 'number' ? -value : null;
    }
    case 'conditional':
      return evaluate(node.test, scope) ? evaluate(node.then, scope) : evaluate(node.otherwise, scope);
    case 'call':
      return FUNCTIONS[node.name].run(node.args.map((arg) => evaluate(arg, scope)));
    case 'listCall':
      return LIST_FUNCTIONS[node.name].run(listOf(scope(node.list)), node.args.map((arg) => evaluate(arg, scope)));
    case 'binary':
      return binary(node.op, node.left, node.right, scope);
  }
}

function binary(op: string, leftNode: Node, rightNode: Node, scope: ExpressionScope): ExpressionValue {
  const left = evaluate(leftNode, scope);
  if (op === '&&') return left ? evaluate(rightNode, scope) : left;
  if (op === '||') return left ? left : evaluate(rightNode, scope);
  const right = evaluate(rightNode, scope);
  if (op === '==') return left === right;
  if (op === '!=') return left !== right;
  if (op === '+' && (typeof left === 'string' || typeof right === 'string')) return `${left ?? ''}${right ?? ''}`;
  if (typeof left !== 'number' || typeof right !== 'number') return op === '+' || op === '-' || op === '*' || op === '/' || op === '%' ? null : false;
  switch (op) {
    case '+': return left + right;
    case '-': return left - right;
    case '*': return left * right;
    // Division by zero gives no value (an empty cell), not Infinity.
    case '/': return right === 0 ? null : left / right;
    case '%': return right === 0 ? null : left % right;
    case '<': return left < right;
    case '<=': return left <= right;
    case '>': return left > right;
    default: return left >= right;
  }
}

export interface CompiledExpression {
  source: string;
  /** Names the expression reads (fields and parameters). */
  names: string[];
  /** The names read whole as lists (a list function's first argument). */
  lists: string[];
  evaluate(scope: ExpressionScope): ExpressionValue;
}

/** A node's sub-expressions. */
const childrenOf = (node: Node): Node[] =>
  node.kind === 'unary' ? [node.operand] : node.kind === 'binary' ? [node.left, node.right] : node.kind === 'conditional' ? [node.test, node.then, node.otherwise] : node.kind === 'call' || node.kind === 'listCall' ? node.args : [];

/** The names read whole as lists (a list function's first argument). */
function listsOf(node: Node, into: Set<string>): Set<string> {
  if (node.kind === 'listCall') into.add(node.list);
  childrenOf(node).forEach((child) => listsOf(child, into));
  return into;
}

/** Every name the expression reads, lists included. */
function namesOf(node: Node, into: Set<string>): Set<string> {
  if (node.kind === 'name') into.add(node.name);
  if (node.kind === 'listCall') into.add(node.list);
  childrenOf(node).forEach((child) => namesOf(child, into));
  return into;
}

const compiledCache = new Map<string, CompiledExpression>();

/** Parses an expression (cached by its text); throws ExpressionError with the reason when it is not one. */
export function compileExpression(source: string): CompiledExpression {
  const known = compiledCache.get(source);
  if (known) return known;
  const tree = new Parser(tokenize(source)).parse();
  const compiled = { source, names: [...namesOf(tree, new Set())], lists: [...listsOf(tree, new Set())], evaluate: (scope: ExpressionScope) => evaluate(tree, scope) };
  compiledCache.set(source, compiled);
  return compiled;
}

/** The reason an expression cannot be parsed, or undefined when it can (for the definition checker). */
export function expressionProblem(source: string): string | undefined {
  try {
    compileExpression(source);
    return undefined;
  } catch (error) {
    return error instanceof ExpressionError ? error.message : String(error);
  }
}
