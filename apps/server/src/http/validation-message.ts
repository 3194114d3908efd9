/** One schema violation, as TypeBox (and Ajv) report it. */
export interface SchemaViolation {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** How each part of a request is named in messages (`query/limit must be <= 1000`). */
const partNames: Readonly<Record<string, string>> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

const quote = (value: unknown): string =>
  value === null ? 'null' : `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** The values a set of union alternatives accepts, when they are all constants or null. */
function allowedValues(alternatives: readonly SchemaViolation[]): unknown[] | undefined {
  const values: unknown[] = [];
  for (const alternative of alternatives) {
    if (alternative.keyword === 'enum' && Array.isArray(alternative.params['allowedValues'])) {
      values.push(...(alternative.params['allowedValues'] as unknown[]));
    } else if (alternative.keyword === 'const') {
      values.push(alternative.params['allowedValue']);
    } else if (alternative.keyword === 'type' && alternative.params['type'] === 'null') {
      values.push(null);
    } else {
      return undefined;
    }
  }
  return values;
}

function describeOne(violation: SchemaViolation): { path: string; text: string } {
  const path = violation.instancePath;
  switch (violation.keyword) {
    case 'required': {
      const names = (violation.params['requiredProperties'] as string[] | undefined) ?? [];
      return { path: `${path}/${names[0] ?? ''}`, text: 'is required' };
    }
    case 'additionalProperties': {
      const names = (violation.params['additionalProperties'] as string[] | undefined) ?? [];
      return { path: `${path}/${names[0] ?? ''}`, text: 'is not a known field' };
    }
    case 'enum':
      return { path, text: `must be one of ${allowedValues([violation])?.map(quote).join(', ')}` };
    default:
      return { path, text: violation.message ?? `breaks the \`${violation.keyword}\` rule` };
  }
}

/**
 * Turns schema violations into one readable sentence per broken field, naming the part of the
 * request, the field and the rule: "body/title must not have more than 50 characters",
 * "query/limit must be <= 1000", "body/editMode must be one of `live`, `locked`".
 */
export function describeViolations(
  violations: readonly SchemaViolation[],
  httpPart: string,
): string {
  const part = partNames[httpPart] ?? httpPart;
  // `additionalProperties: false` also reports the extra field as a `false` schema: skip the echo.
  const relevant = violations.filter(
    (v) => !(v.keyword === 'boolean' && v.schemaPath.endsWith('/additionalProperties')),
  );
  const unions = relevant.filter((v) => v.keyword === 'anyOf' || v.keyword === 'oneOf');
  const alternativeOf = (v: SchemaViolation) =>
    unions.find((u) => v !== u && v.schemaPath.startsWith(`${u.schemaPath}/${u.keyword}/`));

  const sentences: string[] = [];
  for (const violation of relevant) {
    if (alternativeOf(violation) !== undefined) continue;
    let described: { path: string; text: string };
    if (violation === unions.find((u) => u === violation)) {
      const alternatives = relevant.filter((v) => alternativeOf(v) === violation);
      const values = allowedValues(
        alternatives.filter((v) => v.instancePath === violation.instancePath),
      );
      if (values !== undefined && values.length > 0) {
        described = {
          path: violation.instancePath,
          text: `must be one of ${values.map(quote).join(', ')}`,
        };
      } else {
        // The alternative that got deepest into the value says most about what is wrong; one
        // of the value's own type (the others fail on `type` alone) says it next best.
        const deepest = [...alternatives].sort(
          (a, b) => b.instancePath.length - a.instancePath.length,
        )[0];
        const ofItsType = alternatives.filter((v) => v.keyword !== 'type');
        const alone = ofItsType.length === 1 ? ofItsType[0] : undefined;
        described =
          deepest !== undefined && deepest.instancePath !== violation.instancePath
            ? describeOne(deepest)
            : alone !== undefined
              ? describeOne(alone)
              : { path: violation.instancePath, text: 'does not match any of the accepted shapes' };
      }
    } else {
      described = describeOne(violation);
    }
    const sentence = `${part}${described.path} ${described.text}`;
    if (!sentences.includes(sentence)) sentences.push(sentence);
  }
  if (sentences.length === 0) return `${part} is invalid`;
  const shown = sentences.slice(0, 3).join('; ');
  return sentences.length > 3 ? `${shown} (and ${sentences.length - 3} more)` : shown;
}
