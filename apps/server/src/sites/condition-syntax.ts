/**
 * The syntax of adaptive-content conditions: the JavaScript expressions GitBook evaluates against
 * the visitor (`visitor.claims.unsigned.isBetaUser && visitor.claims.plan == "pro"`). docsync
 * checks them and stores them here. Accepted: literals (numbers, strings,
 * `true`, `false`, `null`, arrays), names, member access (`a.b`, `a["b"]`), calls (`x.includes("y")`),
 * unary `!` `-` `+`, the arithmetic, comparison and logical operators, `??`, `in`, parentheses and
 * `? :`. Rejected: assignments, statements, functions, templates and anything else.
 * `evaluate-condition.ts` evaluates them for the published site.
 */

/** Where and why a condition does not parse. */
export interface ConditionSyntaxError {
  /** 0-based offset of the offending character. */
  offset: number;
  message: string;
}

/** A token of a condition. */
export interface Token {
  kind: 'name' | 'number' | 'string' | 'punct' | 'end';
  text: string;
  offset: number;
}

const PUNCTUATION = [
  '===', '!==', '==', '!=', '<=', '>=', '&&', '||', '??',
  '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '.', ',', '(', ')', '[', ']',
]; // prettier-ignore

/** How deep a condition may nest. */
export const MAX_DEPTH = 64;

/** Binary operators by precedence, loosest first. */
export const BINARY_LEVELS: readonly (readonly string[])[] = [
  ['??'],
  ['||'],
  ['&&'],
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>=', 'in'],
  ['+', '-'],
  ['*', '/', '%'],
];

/** Where a condition stops making sense. */
export class SyntaxFailure extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.offset = offset;
  }
}

/** The tokens of a condition, ending with an `end` token; {@link SyntaxFailure} when one is not. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const space = /^\s+/.exec(rest);
    if (space !== null) {
      at += space[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(rest);
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
    const string = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/.exec(rest);
    const punct = PUNCTUATION.find((candidate) => rest.startsWith(candidate));
    const [kind, matched]: [Token['kind'], string | undefined] =
      name !== null
        ? ['name', name[0]]
        : number !== null
          ? ['number', number[0]]
          : string !== null
            ? ['string', string[0]]
            : ['punct', punct];
    if (matched === undefined) {
      const what =
        rest.startsWith('"') || rest.startsWith("'")
          ? 'an unterminated string'
          : `\`${rest[0] ?? ''}\``;
      throw new SyntaxFailure(at, `unexpected ${what}`);
    }
    tokens.push({ kind, text: matched, offset: at });
    at += matched.length;
  }
  tokens.push({ kind: 'end', text: '', offset: text.length });
  return tokens;
}

/** A recursive-descent reader of one expression; it only checks, it builds nothing. */
class ConditionParser {
  readonly #tokens: Token[];
  #at = 0;
  #depth = 0;

  constructor(tokens: Token[]) {
    this.#tokens = tokens;
  }

  parse(): void {
    this.#expression();
    const next = this.#peek();
    if (next.kind !== 'end') throw this.#unexpected(next);
  }

  #peek(): Token {
    return this.#tokens[this.#at] ?? { kind: 'end', text: '', offset: 0 };
  }

  #take(): Token {
    const token = this.#peek();
    this.#at++;
    return token;
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
    if (!this.#accept(text)) {
      const token = this.#peek();
      throw new SyntaxFailure(token.offset, `expected \`${text}\` but found ${describe(token)}`);
    }
  }

  #unexpected(token: Token): SyntaxFailure {
    return new SyntaxFailure(token.offset, `unexpected ${describe(token)}`);
  }

  #expression(): void {
    this.#nest(() => {
      this.#binary(0);
      if (this.#accept('?')) {
        this.#expression();
        this.#expect(':');
        this.#expression();
      }
    });
  }

  /** Runs `read` one level deeper; 64 levels of nesting are plenty for a condition. */
  #nest(read: () => void): void {
    if (++this.#depth > MAX_DEPTH) {
      throw new SyntaxFailure(this.#peek().offset, `nested more than ${MAX_DEPTH} levels deep`);
    }
    read();
    this.#depth--;
  }

  #binary(level: number): void {
    const operators = BINARY_LEVELS[level];
    if (operators === undefined) {
      this.#unary();
      return;
    }
    this.#binary(level + 1);
    while (operators.some((operator) => this.#accept(operator))) this.#binary(level + 1);
  }

  #unary(): void {
    if (this.#accept('!') || this.#accept('-') || this.#accept('+')) {
      this.#nest(() => {
        this.#unary();
      });
    } else this.#postfix();
  }

  #postfix(): void {
    this.#primary();
    for (;;) {
      if (this.#accept('.')) {
        const name = this.#take();
        if (name.kind !== 'name') throw this.#unexpected(name);
      } else if (this.#accept('[')) {
        this.#expression();
        this.#expect(']');
      } else if (this.#accept('(')) {
        this.#list(')');
      } else return;
    }
  }

  #primary(): void {
    const token = this.#take();
    if (token.kind === 'number' || token.kind === 'string') return;
    if (token.kind === 'name') {
      if (token.text === 'in') throw this.#unexpected(token);
      return;
    }
    if (token.text === '(') {
      this.#expression();
      this.#expect(')');
      return;
    }
    if (token.text === '[') {
      this.#list(']');
      return;
    }
    throw this.#unexpected(token);
  }

  /** Comma-separated expressions up to `close` (arguments, array items). */
  #list(close: string): void {
    if (this.#accept(close)) return;
    do this.#expression();
    while (this.#accept(','));
    this.#expect(close);
  }
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end of the condition' : `\`${token.text}\``;
}

/** Why `condition` is not a valid expression, or undefined when it is. */
export function conditionSyntaxError(condition: string): ConditionSyntaxError | undefined {
  try {
    if (condition.trim() === '') return { offset: 0, message: 'the condition is empty' };
    new ConditionParser(tokenize(condition)).parse();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxFailure) return { offset: error.offset, message: error.message };
    throw error;
  }
}
