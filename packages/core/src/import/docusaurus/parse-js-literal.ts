/** A value written as a JavaScript literal: what a sidebars file may contain. */
export type JsValue = string | number | boolean | null | JsValue[] | { [key: string]: JsValue };

/** A literal read from source, or why it could not be read (with the 1-based line). */
export type JsLiteralResult = { value: JsValue } | { error: string; line: number };

interface Token {
  kind: 'string' | 'number' | 'name' | 'punct';
  text: string;
  line: number;
}

const punctuation = ['...', '=>', '{', '}', '[', ']', '(', ')', ':', ',', ';', '=', '.', '-', '+'];

/**
 * Splits JavaScript or TypeScript source into the tokens a literal is made of; comments and
 * whitespace are dropped. Anything else (operators, regexes) becomes a one-character token the
 * literal parser rejects if it meets it.
 */
export function tokenize(source: string): Token[] | { error: string; line: number } {
  const tokens: Token[] = [];
  let line = 1;
  let index = 0;
  while (index < source.length) {
    const char = source.charAt(index);
    if (char === '\n') {
      line++;
      index++;
    } else if (/\s/.test(char)) index++;
    else if (source.startsWith('//', index)) {
      const end = source.indexOf('\n', index);
      index = end < 0 ? source.length : end;
    } else if (source.startsWith('/*', index)) {
      const end = source.indexOf('*/', index + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += source.slice(index, stop).split('\n').length - 1;
      index = stop;
    } else if (char === '"' || char === "'" || char === '`') {
      const start = line;
      let text = '';
      let cursor = index + 1;
      for (; cursor < source.length && source.charAt(cursor) !== char; cursor++) {
        let next = source.charAt(cursor);
        if (next === '\n') {
          if (char !== '`') return { error: 'unterminated string', line: start };
          line++;
        }
        if (char === '`' && source.startsWith('${', cursor))
          return { error: 'template literal with `${…}` is code, not a literal', line };
        if (next === '\\') {
          cursor++;
          const escaped = source.charAt(cursor);
          next = escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
        }
        text += next;
      }
      if (cursor >= source.length) return { error: 'unterminated string', line: start };
      tokens.push({ kind: 'string', text, line: start });
      index = cursor + 1;
    } else if (/[0-9]/.test(char)) {
      const match = /^(0x[0-9a-f]+|\d+(\.\d+)?(e[+-]?\d+)?)/i.exec(source.slice(index));
      const text = match?.[0] ?? char;
      tokens.push({ kind: 'number', text, line });
      index += text.length;
    } else if (/[A-Za-z_$@]/.test(char)) {
      const text = /^[A-Za-z_$@][\w$]*/.exec(source.slice(index))?.[0] ?? char;
      tokens.push({ kind: 'name', text, line });
      index += text.length;
    } else {
      const text = punctuation.find((p) => source.startsWith(p, index)) ?? char;
      tokens.push({ kind: 'punct', text, line });
      index += text.length;
    }
  }
  return tokens;
}

class LiteralError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads the literal starting at token `start` (an object, array, string, number, boolean or
 * null; comments and trailing commas allowed) without evaluating anything: a variable, call,
 * spread or computed key is reported, since only running the code could tell its value.
 */
export function parseLiteralAt(tokens: readonly Token[], start: number): JsLiteralResult {
  let index = start;
  const peek = () => tokens[index];
  const fail = (what: string): never => {
    const token = peek();
    throw new LiteralError(
      token === undefined
        ? `${what}, found the end of the file`
        : `${what}, found \`${token.text}\``,
      token?.line ?? tokens[tokens.length - 1]?.line ?? 1,
    );
  };
  const expect = (text: string) => {
    if (peek()?.text !== text || peek()?.kind === 'string') fail(`expected \`${text}\``);
    index++;
  };
  const value = (): JsValue => {
    const token = peek();
    if (token === undefined) return fail('expected a value');
    if (token.kind === 'string') {
      index++;
      return token.text;
    }
    if (token.kind === 'number') {
      index++;
      return Number(token.text);
    }
    if (token.kind === 'punct' && token.text === '-' && tokens[index + 1]?.kind === 'number') {
      index += 2;
      return -Number(tokens[index - 1]?.text);
    }
    if (token.kind === 'name' && ['true', 'false', 'null'].includes(token.text)) {
      index++;
      return token.text === 'null' ? null : token.text === 'true';
    }
    if (token.kind === 'punct' && token.text === '[') {
      index++;
      const items: JsValue[] = [];
      while (peek()?.text !== ']' || peek()?.kind === 'string') {
        items.push(value());
        if (peek()?.text === ',' && peek()?.kind === 'punct') index++;
        else if (peek()?.text !== ']') fail('expected `,` or `]`');
      }
      index++;
      return items;
    }
    if (token.kind === 'punct' && token.text === '{') {
      index++;
      const object: Record<string, JsValue> = {};
      while (peek()?.text !== '}' || peek()?.kind === 'string') {
        const key = peek();
        if (key === undefined || key.kind === 'punct') fail('expected a property name');
        else index++;
        expect(':');
        object[key?.text ?? ''] = value();
        if (peek()?.text === ',' && peek()?.kind === 'punct') index++;
        else if (peek()?.text !== '}') fail('expected `,` or `}`');
      }
      index++;
      return object;
    }
    return fail('expected a literal value (code such as variables, calls or spreads is not run)');
  };
  try {
    return { value: value() };
  } catch (error) {
    if (error instanceof LiteralError) return { error: error.message, line: error.line };
    throw error;
  }
}
