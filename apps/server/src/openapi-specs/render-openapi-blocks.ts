import type {
  Block,
  JSONDocument,
  OpenApiOperation,
  OpenApiSchemas,
  OpenApiWebhook,
} from '@docsync/core';
import {
  bold,
  bullets,
  code,
  heading,
  hint,
  paragraph,
  paragraphs,
  type Run,
} from './document-nodes.js';
import {
  findOperation,
  findWebhook,
  objectOf,
  operationTitle,
  specSchemas,
  stringOf,
  type SpecObject,
  type SpecOperation,
} from './spec-contents.js';
import type { ResolvedSpec, SpecResolver } from './stored-specs.js';

/** A block that refers to a spec of the organization by slug. */
export type OpenApiBlock = OpenApiOperation | OpenApiSchemas | OpenApiWebhook;

/** Whether `block` refers to a spec of the organization. */
export function isOpenApiBlock(block: Block): block is OpenApiBlock {
  return (
    (block.type === 'openapi-operation' ||
      block.type === 'openapi-schemas' ||
      block.type === 'openapi-webhook') &&
    // Documents written through the API are not checked this deep: look before trusting.
    (block.data.ref as { kind?: unknown } | undefined)?.kind === 'openapi' &&
    typeof block.data.ref.spec === 'string'
  );
}

/** The names of the spec's named schemas by object, to name a schema a reference pointed at. */
function schemaNames(spec: SpecObject): Map<unknown, string> {
  return new Map(Object.entries(specSchemas(spec)).map(([name, schema]) => [schema, name]));
}

/** A schema in a few words: its name, else `array of …`, its type and format, its variants. */
function describeSchema(schema: unknown, names: Map<unknown, string>, depth = 0): string {
  const named = names.get(schema);
  if (named !== undefined) return named;
  const object = objectOf(schema);
  if (object === undefined || depth > 3) return 'any';
  const variants = (['oneOf', 'anyOf', 'allOf'] as const).find((key) => Array.isArray(object[key]));
  if (variants !== undefined) {
    const parts = (object[variants] as unknown[]).map((part) =>
      describeSchema(part, names, depth + 1),
    );
    return `${variants === 'allOf' ? 'all of' : 'one of'} ${parts.join(', ')}`;
  }
  const type = Array.isArray(object['type'])
    ? object['type'].filter((item) => typeof item === 'string').join(' or ')
    : stringOf(object['type']);
  if (type === 'array') return `array of ${describeSchema(object['items'], names, depth + 1)}`;
  const format = stringOf(object['format']);
  const base = type ?? (objectOf(object['properties']) === undefined ? 'any' : 'object');
  return format === undefined ? base : `${base} (${format})`;
}

/** `name` (where, type, required): description, as one list item. */
function parameterItem(parameter: SpecObject, names: Map<unknown, string>): Block[] {
  const name = stringOf(parameter['name']) ?? '?';
  const where = stringOf(parameter['in']);
  const schema = parameter['schema'] ?? parameter;
  const facts = [
    ...(where === undefined ? [] : [where]),
    describeSchema(schema, names),
    ...(parameter['required'] === true ? ['required'] : []),
    ...(parameter['deprecated'] === true ? ['deprecated'] : []),
  ];
  const description = stringOf(parameter['description']);
  return [
    paragraph(
      code(name),
      ` (${facts.join(', ')})`,
      ...(description === undefined ? [] : [`: ${oneLine(description)}`]),
    ),
  ];
}

/** A description on one line (list items and notes hold one paragraph). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `media type: schema` runs for a body's or a response's content (OpenAPI 3, Swagger 2). */
function contentRuns(holder: SpecObject, names: Map<unknown, string>): Run[] {
  const content = objectOf(holder['content']);
  if (content !== undefined)
    return Object.entries(content).flatMap(([mediaType, media], index): Run[] => [
      index === 0 ? '' : '; ',
      code(mediaType),
      ...(objectOf(media)?.['schema'] === undefined
        ? []
        : [`: ${describeSchema(objectOf(media)?.['schema'], names)}`]),
    ]);
  return holder['schema'] === undefined ? [] : [describeSchema(holder['schema'], names)];
}

/** The readable blocks of an operation (or a webhook): what GitBook's operation block shows. */
function operationBlocks(
  operation: SpecOperation,
  names: Map<unknown, string>,
  webhook: boolean,
): Block[] {
  const { operation: spec } = operation;
  const out: Block[] = [
    heading(1, operationTitle(operation)),
    paragraph(
      code(operation.method.toUpperCase()),
      ' ',
      code(operation.path),
      ...(webhook ? [' (webhook)'] : []),
      ...(spec['deprecated'] === true ? [' ', bold('Deprecated')] : []),
    ),
    ...paragraphs(stringOf(spec['description'])),
  ];
  const parameters = operation.parameters.filter((parameter) => parameter['in'] !== 'body');
  if (parameters.length > 0)
    out.push(
      heading(2, 'Parameters'),
      bullets(parameters.map((parameter) => parameterItem(parameter, names))),
    );
  // OpenAPI 3's request body, or Swagger 2's `in: body` parameter.
  const body =
    objectOf(spec['requestBody']) ??
    operation.parameters.find((parameter) => parameter['in'] === 'body');
  if (body !== undefined) {
    const description = stringOf(body['description']);
    out.push(
      heading(2, 'Request body'),
      paragraph(
        ...contentRuns(body, names),
        ...(body['required'] === true ? [' (required)'] : []),
        ...(description === undefined ? [] : [`: ${oneLine(description)}`]),
      ),
    );
  }
  const responses = Object.entries(objectOf(spec['responses']) ?? {});
  if (responses.length > 0)
    out.push(
      heading(2, 'Responses'),
      bullets(
        responses.map(([status, response]) => {
          const object = objectOf(response) ?? {};
          const content = contentRuns(object, names);
          const description = stringOf(object['description']);
          return [
            paragraph(
              code(status),
              ...(description === undefined ? [] : [`: ${oneLine(description)}`]),
              ...(content.length === 0 ? [] : [' (', ...content, ')']),
            ),
          ];
        }),
      ),
    );
  return out;
}

/** The readable blocks of named schemas: each one's name, description and properties. */
function schemaBlocks(spec: ResolvedSpec, block: OpenApiSchemas, names: Map<unknown, string>) {
  const schemas = specSchemas(spec.document);
  return block.data.schemas.flatMap((name): Block[] => {
    const schema = objectOf(schemas[name]);
    if (schema === undefined)
      return [
        hint(
          'warning',
          'The schema ',
          code(name),
          ' is not in the specification ',
          code(spec.slug),
          '.',
        ),
      ];
    const required = new Set(
      Array.isArray(schema['required'])
        ? schema['required'].filter((item) => typeof item === 'string')
        : [],
    );
    const properties = Object.entries(objectOf(schema['properties']) ?? {});
    return [
      heading(2, name),
      ...paragraphs(stringOf(schema['description'])),
      ...(properties.length === 0
        ? [paragraph(describeSchema({ ...schema }, names))]
        : [
            bullets(
              properties.map(([property, value]) => {
                const description = stringOf(objectOf(value)?.['description']);
                return [
                  paragraph(
                    code(property),
                    ` (${describeSchema(value, names)}${required.has(property) ? ', required' : ''})`,
                    ...(description === undefined ? [] : [`: ${oneLine(description)}`]),
                  ),
                ];
              }),
            ),
          ]),
    ];
  });
}

/** A notice in place of a block whose spec is not there. */
export function specNotFound(slug: string): Block {
  return hint('warning', 'OpenAPI specification ', code(slug), ' not found.');
}

/**
 * The blocks a reader sees for an OpenAPI block: the operation (title, method and path,
 * description, parameters, request body, responses), the webhook, or the schemas, read from the
 * spec's latest version; a warning hint when the spec (`undefined`) or what the block names in it
 * is not there.
 */
export function renderOpenApiBlock(block: OpenApiBlock, spec: ResolvedSpec | undefined): Block[] {
  if (spec === undefined) return [specNotFound(block.data.ref.spec)];
  const names = schemaNames(spec.document);
  switch (block.type) {
    case 'openapi-operation': {
      const operation = findOperation(spec.document, block.data.path, block.data.method);
      return operation === undefined
        ? [
            hint(
              'warning',
              'The operation ',
              code(`${block.data.method.toUpperCase()} ${block.data.path}`),
              ' is not in the specification ',
              code(spec.slug),
              '.',
            ),
          ]
        : operationBlocks(operation, names, false);
    }
    case 'openapi-webhook': {
      const webhook = findWebhook(spec.document, block.data.name, block.data.method);
      return webhook === undefined
        ? [
            hint(
              'warning',
              'The webhook ',
              code(`${block.data.method.toUpperCase()} ${block.data.name}`),
              ' is not in the specification ',
              code(spec.slug),
              '.',
            ),
          ]
        : operationBlocks(webhook, names, true);
    }
    case 'openapi-schemas':
      return schemaBlocks(spec, block, names);
  }
}

/**
 * A document with its OpenAPI blocks (at the top level, where the document model allows them)
 * replaced by what a reader sees of them ({@link renderOpenApiBlock}); the document as it is when
 * it has none. Each spec is resolved once.
 */
export async function dereferenceOpenApiBlocks(
  document: JSONDocument,
  resolver: SpecResolver,
): Promise<JSONDocument> {
  const blocks = document.nodes.filter(isOpenApiBlock);
  if (blocks.length === 0) return document;
  const slugs = [...new Set(blocks.map((block) => block.data.ref.spec))];
  const specs = new Map(
    await Promise.all(slugs.map(async (slug) => [slug, await resolver.resolve(slug)] as const)),
  );
  return {
    ...document,
    nodes: document.nodes.flatMap((block) =>
      isOpenApiBlock(block) ? renderOpenApiBlock(block, specs.get(block.data.ref.spec)) : [block],
    ),
  };
}
