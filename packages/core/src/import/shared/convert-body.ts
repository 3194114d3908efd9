import type { Diagnostic } from '../../diagnostic.js';
import { parsePage } from '../../markdown/parse-page.js';
import type { JSONDocument } from '../../model/document.js';
import type { RawStash } from './raw-stash.js';

/** A page body converted to a document. */
export interface ConvertedBody {
  document: JSONDocument;
  /** The body's leading `# H1` when it has one (taken out of the document, as GitBook does). */
  h1?: string;
  diagnostics: Diagnostic[];
}

/**
 * Runs GitBook-flavoured markdown (an importer's rewrite of its tool's body) through `parsePage`,
 * so imported documents are the converter's canonical ones, then puts stashed verbatim source
 * back. Line numbers are kept only when the body was not rewritten: after a rewrite they would
 * point at lines the author never wrote.
 */
export function convertBody(
  body: string,
  stash: RawStash,
  options: { rewritten: boolean; bodyLineOffset: number },
): ConvertedBody {
  // A body that starts with `---` would be read as front matter: the blank line keeps it a body.
  const parsed = parsePage(body.startsWith('---') ? `\n${body}` : body);
  const diagnostics = parsed.diagnostics.map((diagnostic): Diagnostic => {
    const { line, column, ...rest } = diagnostic;
    if (options.rewritten || line === undefined) return rest;
    return {
      ...rest,
      line: line + options.bodyLineOffset,
      ...(column === undefined ? {} : { column }),
    };
  });
  return {
    document: stash.restore(parsed.document),
    ...(parsed.metadata.title === undefined ? {} : { h1: parsed.metadata.title }),
    diagnostics,
  };
}
