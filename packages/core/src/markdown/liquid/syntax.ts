import { markdownLineEnding, markdownSpace } from 'micromark-util-character';
import type {
  Code,
  Construct,
  Extension,
  State,
  TokenizeContext,
  Tokenizer,
} from 'micromark-util-types';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    liquidTagLine: 'liquidTagLine';
    liquidTag: 'liquidTag';
    liquidTagSpace: 'liquidTagSpace';
  }
}

const leftBrace = 123; // {
const rightBrace = 125; // }
const percent = 37; // %
const quote = 34; // "
const backslash = 92; // \

/**
 * A line made of one or more Liquid-style tags (`{% hint style="info" %}`, `{% endhint %}`,
 * legacy `{% code-tabs %}{% code-tabs-item title="x" %}`) and nothing else. Such a line is a flow
 * construct of its own: it may interrupt a paragraph (GitBook puts tags right under text), and it
 * never continues one. A tag must end on its line; attribute values are double-quoted strings in
 * which `%}` does not close the tag.
 */
const liquidTagLine: Construct = {
  name: 'liquidTagLine',
  tokenize: tokenizeLiquidTagLine,
  concrete: false,
};

function tokenizeLiquidTagLine(
  this: TokenizeContext,
  effects: Parameters<Tokenizer>[0],
  ok: State,
  nok: State,
): State {
  let inQuote = false;
  return start;

  function start(code: Code): State | undefined {
    if (code !== leftBrace) return nok(code);
    effects.enter('liquidTagLine');
    return tagStart(code);
  }

  function tagStart(code: Code): State | undefined {
    effects.enter('liquidTag');
    effects.consume(code);
    return afterBrace;
  }

  function afterBrace(code: Code): State | undefined {
    if (code !== percent) return nok(code);
    effects.consume(code);
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) return nok(code);
    if (inQuote) {
      if (code === backslash) {
        effects.consume(code);
        return escaped;
      }
      if (code === quote) inQuote = false;
      effects.consume(code);
      return inside;
    }
    if (code === quote) {
      inQuote = true;
      effects.consume(code);
      return inside;
    }
    if (code === percent) {
      effects.consume(code);
      return maybeEnd;
    }
    effects.consume(code);
    return inside;
  }

  function escaped(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) return nok(code);
    effects.consume(code);
    return inside;
  }

  function maybeEnd(code: Code): State | undefined {
    if (code === rightBrace) {
      effects.consume(code);
      effects.exit('liquidTag');
      return afterTag;
    }
    return inside(code);
  }

  function afterTag(code: Code): State | undefined {
    if (markdownSpace(code)) {
      effects.enter('liquidTagSpace');
      return space(code);
    }
    return next(code);
  }

  function space(code: Code): State | undefined {
    if (markdownSpace(code)) {
      effects.consume(code);
      return space;
    }
    effects.exit('liquidTagSpace');
    return next(code);
  }

  function next(code: Code): State | undefined {
    if (code === null || markdownLineEnding(code)) {
      effects.exit('liquidTagLine');
      return ok(code);
    }
    if (code === leftBrace) return tagStart(code);
    return nok(code);
  }
}

/** The micromark syntax extension for Liquid-style tag lines. */
export function liquidSyntax(): Extension {
  return { flow: { [leftBrace]: liquidTagLine } };
}
