import SwaggerParser from '@apidevtools/swagger-parser';
import { fetchUrl, FetchUrlError, type FetchLimits } from '../outbound/fetch-url.js';

/** Why processing a spec failed, in the API's words. */
export type SpecErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/** One problem found in a spec, as `lastProcessedErrors` lists it. */
export interface SpecProblem {
  message: string;
  code: string;
}

/** A spec could not be fetched, parsed or validated. */
export class SpecLoadError extends Error {
  override name = 'SpecLoadError';
  /** Stable identifier of the failure (the API's `lastProcessErrorCode`). */
  readonly code: SpecErrorCode;
  readonly problems: readonly SpecProblem[];
  constructor(
    code: SpecErrorCode,
    problems: readonly SpecProblem[],
    options: { cause?: unknown } = {},
  ) {
    super(problems.map((problem) => problem.message).join('; '), options);
    this.code = code;
    this.problems = problems;
  }
}

/** A spec read, its references bundled into one document. */
export interface LoadedSpec {
  /** Where it was read from: the URL after redirects, or the name given to a text source. */
  readonly url: string;
  readonly document: object;
}

/** Where a spec given as text is said to live, so its relative references resolve nowhere. */
const TEXT_ENTRY = 'docsync-spec:///openapi.yaml';

function fetchFailed(error: FetchUrlError): SpecLoadError {
  return new SpecLoadError(
    error.failure === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR',
    [{ message: error.message, code: error.code }],
    { cause: error },
  );
}

/** The fetch failure inside a reference-resolution error, if that is what it was. */
function fetchFailureIn(error: unknown): FetchUrlError | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause)
    if (at instanceof FetchUrlError) return at;
  const nested = (error as { errors?: unknown[] } | null)?.errors;
  return nested?.map(fetchFailureIn).find((found) => found !== undefined);
}

/** The schema or spec violations swagger-parser reports, one problem each. */
function problemsOf(error: unknown): SpecProblem[] {
  const details = (error as { details?: { instancePath?: string; message?: string }[] } | null)
    ?.details;
  if (Array.isArray(details) && details.length > 0)
    return details.slice(0, 50).map((detail) => ({
      message: `${detail.instancePath === undefined || detail.instancePath === '' ? '#' : `#${detail.instancePath}`} ${detail.message ?? 'is invalid'}`,
      code: 'invalid-spec',
    }));
  return [
    {
      message: error instanceof Error ? error.message : String(error),
      code: 'invalid-spec',
    },
  ];
}

/**
 * Reads a spec (from its URL through the guarded fetch, or its text), parses it as YAML or JSON,
 * bundles its references into one document (external ones fetched through the same guard; a
 * spec given as text has nowhere to resolve relative ones) and validates it as Swagger 2.0 or
 * OpenAPI 3.x with swagger-parser. Throws {@link SpecLoadError} with the API's error code.
 */
export async function loadSpec(
  source: { url: string } | { text: string },
  limits: FetchLimits,
  cancel?: AbortSignal,
): Promise<LoadedSpec> {
  let entry: string;
  let entryText: string;
  if ('url' in source) {
    try {
      const fetched = await fetchUrl(source.url, limits, cancel);
      entry = fetched.url;
      entryText = fetched.body.toString('utf8');
    } catch (error) {
      if (error instanceof FetchUrlError) throw fetchFailed(error);
      throw error;
    }
  } else {
    entry = TEXT_ENTRY;
    entryText = source.text;
  }
  const resolve = {
    file: false,
    http: false,
    docsync: {
      order: 1,
      canRead: true,
      read: async (file: { url: string }) => {
        if (file.url === entry) return entryText;
        if (!/^https?:/i.test(file.url))
          throw new Error(`the reference \`${file.url}\` is not an http(s) URL`);
        return (await fetchUrl(file.url, limits, cancel)).body;
      },
    },
  };
  let document: object;
  try {
    document = await SwaggerParser.bundle(entry, { resolve });
  } catch (error) {
    cancel?.throwIfAborted();
    const fetchFailure = fetchFailureIn(error);
    if (fetchFailure !== undefined) throw fetchFailed(fetchFailure);
    throw new SpecLoadError('PARSE_ERROR', problemsOf(error), { cause: error });
  }
  try {
    // Validation dereferences what it checks: give it a copy.
    await SwaggerParser.validate(structuredClone(document) as never, {
      resolve: { external: false },
    });
  } catch (error) {
    throw new SpecLoadError('PARSE_ERROR', problemsOf(error), { cause: error });
  }
  return { url: entry === TEXT_ENTRY ? '' : entry, document };
}
