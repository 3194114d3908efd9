import {
  BINARY_LEVELS,
  MAX_DEPTH,
  SyntaxFailure,
  tokenize,
  type Token,
} from './condition-syntax.js';

/** Methods a condition may call on a string or an array: they read, never change or run code. */
const METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'toLowerCase',
  'toUpperCase',
  'trim',
]);
/** Members no condition may read: they reach the object model, not the visitor's data. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** A value a condition computes: JSON values, and `undefined` for what is missing. */
type Value = unknown;

function member(object: Value, name: Value): Value {
  if (typeof name !== 'string' && typeof name !== 'number') return undefined;
  const key = String(name);
  if (FORBIDDEN.has(key)) return undefined;
  if (typeof object === 'string') return key === 'length' ? object.length : object[Number(key)];
  if (Array.isArray(object))
    return key === 'length' ? object.length : (object as Value[])[Number(key)];
  if (typeof object === 'object' && object !== null && Object.hasOwn(object, key))
    return (object as Record<string, Value>)[key];
  return undefined;
}

function call(target: Value, method: string, args: Value[]): Value {
  if (!METHODS.has(method) || (typeof target !== 'string' && !Array.isArray(target)))
    return undefined;
  const fn = (target as unknown as Record<string, (...items: Value[]) => Value>)[method];
  return typeof fn === 'function' ? fn.apply(target, args) : undefined;
}

function binary(operator: string, left: Value, right: () => Value): Value {
  const l = left as number;
  switch (operator) {
    case '??':
      return left ?? right();
    case '||':
      return left || right();
    case '&&':
      return left && right();
  }
  const value = right();
  if (operator === 'in')
    return typeof value === 'object' && value !== null && Object.hasOwn(value, String(left));
  const r = value as number;
  switch (operator) {
    case '==':
      return l == r;
    case '!=':
      return l != r;
    case '===':
      return l === r;
    case '!==':
      return l !== r;
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
    case '+':
      return l + r;
    case '-':
      return l - r;
    case '*':
      return l * r;
    case '/':
      return l / r;
    default:
      return l % r;
  }
}

/**
 * The value of a string literal: a double-quoted one is read as JSON; a single-quoted one as that
 * with its quotes swapped (`\\'` becomes `'`, a bare `"` is escaped). Escapes JSON lacks (`\\x41`)
 * make the condition fail, so it does not hold.
 */
function stringValue(text: string): string {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  const body = text
    .slice(1, -1)
    .replace(/\\.|"/g, (match) => (match === "\\'" ? "'" : match === '"' ? '\\"' : match));
  return JSON.parse(`"${body}"`) as string;
}

/** Reads one expression and computes it against `scope`, by the grammar of `condition-syntax.ts`. */
class ConditionEvaluator {
  readonly #tokens: Token[];
  readonly #scope: Record<string, Value>;
  #at = 0;
  #depth = 0;

  constructor(tokens: Token[], scope: Record<string, Value>) {
    this.#tokens = tokens;
    this.#scope = scope;
  }

  run(): Value {
    const value = this.#expression();
    if (this.#peek().kind !== 'end') throw new SyntaxFailure(this.#peek().offset, 'trailing input');
    return value;
  }

  #peek(): Token {
    return this.#tokens[this.#at] ?? { kind: 'end', text: '', offset: 0 };
  }

  #accept(text: string): boolean {
    const token = this.#peek();
    if ((token.kind === 'punct' || token.kind === 'name') && token.text === text) {
      this.#at++;
      return true;
    }
    return false;
  }

  #expect(text: string): void {
    if (!this.#accept(text)) throw new SyntaxFailure(this.#peek().offset, `expected ${text}`);
  }

  #nest<T>(read: () => T): T {
    if (++this.#depth > MAX_DEPTH) throw new SyntaxFailure(this.#peek().offset, 'too deep');
    const value = read();
    this.#depth--;
    return value;
  }

  #expression(): Value {
    return this.#nest(() => {
      const test = this.#binary(0);
      if (!this.#accept('?')) return test;
      const yes = this.#expression();
      this.#expect(':');
      const no = this.#expression();
      return test ? yes : no;
    });
  }

  #binary(level: number): Value {
    const operators = BINARY_LEVELS[level];
    if (operators === undefined) return this.#unary();
    let value = this.#binary(level + 1);
    for (;;) {
      const operator = operators.find((candidate) => this.#accept(candidate));
      if (operator === undefined) return value;
      // Both sides are read whatever the operator, so the reader stays in step; only the value
      // short-circuits.
      const right = this.#binary(level + 1);
      value = binary(operator, value, () => right);
    }
  }

  #unary(): Value {
    if (this.#accept('!')) return this.#nest(() => !this.#unary());
    if (this.#accept('-')) return this.#nest(() => -(this.#unary() as number));
    if (this.#accept('+')) return this.#nest(() => Number(this.#unary()));
    return this.#postfix();
  }

  #postfix(): Value {
    let value = this.#primary();
    let holder: Value;
    let name: string | undefined;
    for (;;) {
      if (this.#accept('.')) {
        const token = this.#tokens[this.#at++];
        if (token?.kind !== 'name') throw new SyntaxFailure(token?.offset ?? 0, 'expected a name');
        [holder, name, value] = [value, token.text, member(value, token.text)];
      } else if (this.#accept('[')) {
        const key = this.#expression();
        this.#expect(']');
        [holder, name, value] = [
          value,
          typeof key === 'string' ? key : undefined,
          member(value, key),
        ];
      } else if (this.#accept('(')) {
        const args = this.#list(')');
        value = name === undefined ? undefined : call(holder, name, args);
        [holder, name] = [undefined, undefined];
      } else return value;
    }
  }

  #list(close: string): Value[] {
    const items: Value[] = [];
    if (this.#accept(close)) return items;
    do items.push(this.#expression());
    while (this.#accept(','));
    this.#expect(close);
    return items;
  }

  #primary(): Value {
    const token = this.#tokens[this.#at++] ?? { kind: 'end', text: '', offset: 0 };
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'string') return stringValue(token.text);
    if (token.kind === 'name') {
      const literals: Record<string, Value> = { true: true, false: false, null: null, undefined };
      if (Object.hasOwn(literals, token.text)) return literals[token.text];
      return member(this.#scope, token.text);
    }
    if (token.text === '(') {
      const value = this.#expression();
      this.#expect(')');
      return value;
    }
    if (token.text === '[') return this.#list(']');
    throw new SyntaxFailure(token.offset, `unexpected ${token.text}`);
  }
}

/**
 * Whether an adaptive-content condition holds for a visitor with `claims`
 * (`visitor.claims.plan == "pro"`): evaluated as JavaScript would, over the visitor's claims
 * only, with no function but a few string and array methods. A condition that does not read or
 * cannot be computed does not hold: what it guards stays hidden.
 */
export function conditionHolds(condition: string, claims: Record<string, unknown>): boolean {
  try {
    const scope = { visitor: { claims } };
    return Boolean(new ConditionEvaluator(tokenize(condition), scope).run());
  } catch {
    return false;
  }
}
