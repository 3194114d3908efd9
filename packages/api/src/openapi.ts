import type { TObject, TSchema } from 'typebox';
import { ComponentCollector } from './openapi-schema.js';
import type { RouteSpec } from './route-spec.js';
import { routes } from './routes/index.js';
import { ErrorBody } from './schemas/common.js';

/** Names of the shared error responses, by status. */
const errorResponses: Readonly<Record<number, { name: string; description: string }>> = {
  400: { name: 'BadRequest', description: 'The request is invalid; the message names the field.' },
  401: { name: 'Unauthorized', description: 'The access token is missing or invalid.' },
  403: { name: 'Forbidden', description: 'The caller may not do this.' },
  404: { name: 'NotFound', description: 'An id in the path is unknown; the message says which.' },
  409: {
    name: 'Conflict',
    description: 'Conflicts with the current state (move, merge, duplicate, concurrent update).',
  },
  412: { name: 'PreconditionFailed', description: 'A precondition of the transfer does not hold.' },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large.' },
  421: {
    name: 'MisdirectedRequest',
    description:
      'The `Host` header names a host this server does not answer for (a server started with a public URL or allowed hosts).',
  },
  429: { name: 'TooManyRequests', description: 'Rate limited; retry after `Retry-After` seconds.' },
};

const successDescriptions: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'When the window resets (epoch seconds).',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
};

function jsonContent(schema: unknown) {
  return { 'application/json': { schema } };
}

/** The properties of a params or query schema as OpenAPI parameters. */
function parameters(schema: TObject | undefined, where: 'path' | 'query', c: ComponentCollector) {
  if (schema === undefined) return [];
  const required = new Set<string>((schema as { required?: string[] }).required ?? []);
  return Object.entries(schema.properties as Record<string, TSchema>).map(([name, property]) => {
    const { description } = property as { description?: string };
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description === undefined ? {} : { description }),
      schema: c.convert(property),
    };
  });
}

function responses(route: RouteSpec, c: ComponentCollector) {
  const result: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const shared = errorResponses[Number(status)];
    if (shared !== undefined && schema === ErrorBody) {
      result[status] = { $ref: `#/components/responses/${shared.name}` };
      continue;
    }
    const description = successDescriptions[Number(status)] ?? shared?.description ?? status;
    result[status] =
      schema === null ? { description } : { description, content: jsonContent(c.convert(schema)) };
  }
  return result;
}

function operation(route: RouteSpec, c: ComponentCollector) {
  const parameterList = [
    ...parameters(route.params, 'path', c),
    ...parameters(route.query, 'query', c),
  ];
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.section],
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(route.body === undefined
      ? {}
      : { requestBody: { required: true, content: jsonContent(c.convert(route.body)) } }),
    responses: responses(route, c),
    ...(route.anonymous === true ? { security: [{}, { bearerAuth: [] }] } : {}),
    ...(route.extension === true ? { 'x-docsync-extension': true } : {}),
  };
}

/** The OpenAPI 3.1 document of the API, generated from the route table. */
export function buildOpenApiDocument(): object {
  const c = new ComponentCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operation(route, c);
  }
  const sharedResponses = Object.fromEntries(
    Object.entries(errorResponses).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429' ? { headers: rateLimitHeaders } : {}),
        content: jsonContent(c.convert(ErrorBody)),
      },
    ]),
  );
  const tags = [...new Set(routes.map((route) => route.section))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'docsync API',
      version: '1',
      description:
        'The documentation hosting service of docsync. Operations marked `x-docsync-extension` ' +
        'go beyond the API description it implements.',
    },
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    components: {
      schemas: c.components(),
      responses: sharedResponses,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** The document as `openapi.json` holds it: two-space indents and a final newline. */
export function renderOpenApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
