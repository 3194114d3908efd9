/** A JSON object of a spec, read loosely: specs are whatever their authors wrote. */
export type SpecObject = Readonly<Record<string, unknown>>;

/** The HTTP methods an OpenAPI path item may hold, in the order GitBook lists them. */
export const HTTP_METHODS = [
  'get',
  'post',
  'put',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** One operation of a spec: where it is and what the spec says of it. */
export interface SpecOperation {
  /** Lower case, as in the spec (`get`). */
  readonly method: string;
  readonly path: string;
  readonly operation: SpecObject;
  /** Parameters of the path item and of the operation (the operation's win, by name and place). */
  readonly parameters: readonly SpecObject[];
}

/** The operations of one tag: one generated page. */
export interface SpecTagGroup {
  /** The tag's name (`default` for operations without one). */
  readonly tag: string;
  /** `x-page-title`, `x-displayName`, else the name with its words capitalised. */
  readonly title: string;
  /** The tag's `description` (the page's body). */
  readonly description?: string;
  /** `x-page-description` (the page's description). */
  readonly pageDescription?: string;
  /** `x-page-icon`. */
  readonly icon?: string;
  readonly operations: readonly SpecOperation[];
}

/** `value` as an object, or `undefined` for anything else (arrays included). */
export function objectOf(value: unknown): SpecObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as SpecObject)
    : undefined;
}

/** `value` if it is a non-empty string. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The objects of an array (`undefined` and non-objects left out). */
export function objectsOf(value: unknown): SpecObject[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): SpecObject[] => {
    const object = objectOf(item);
    return object === undefined ? [] : [object];
  });
}

/** `pet-store` → `Pet Store`, as GitBook titles a tag page from its name. */
export function titleFromTagName(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Hidden from generated pages: `x-internal: true` or `x-gitbook-ignore: true`. */
function ignored(entity: SpecObject): boolean {
  return entity['x-internal'] === true || entity['x-gitbook-ignore'] === true;
}

/** Path-level parameters with the operation's own over them (same `name` and `in`). */
function mergedParameters(pathItem: SpecObject, operation: SpecObject): SpecObject[] {
  const own = objectsOf(operation['parameters']);
  const key = (parameter: SpecObject) => `${String(parameter['in'])}:${String(parameter['name'])}`;
  const overridden = new Set(own.map(key));
  return [
    ...objectsOf(pathItem['parameters']).filter((parameter) => !overridden.has(key(parameter))),
    ...own,
  ];
}

/** Every operation of a spec in the order its `paths` list them, methods in GitBook's order. */
export function specOperations(spec: SpecObject): SpecOperation[] {
  const paths = objectOf(spec['paths']) ?? {};
  return Object.entries(paths).flatMap(([path, item]) => {
    const pathItem = objectOf(item);
    if (pathItem === undefined) return [];
    return HTTP_METHODS.flatMap((method) => {
      const operation = objectOf(pathItem[method]);
      if (operation === undefined || ignored(operation)) return [];
      return [{ method, path, operation, parameters: mergedParameters(pathItem, operation) }];
    });
  });
}

/** The operation at `path` and `method` (any case), if the spec has it. */
export function findOperation(
  spec: SpecObject,
  path: string,
  method: string,
): SpecOperation | undefined {
  const pathItem = objectOf(objectOf(spec['paths'])?.[path]);
  const lower = method.toLowerCase();
  const operation = objectOf(pathItem?.[lower]);
  if (pathItem === undefined || operation === undefined) return undefined;
  return { method: lower, path, operation, parameters: mergedParameters(pathItem, operation) };
}

/** The webhook `name` for `method` (OpenAPI 3.1 `webhooks`), if the spec has it. */
export function findWebhook(
  spec: SpecObject,
  name: string,
  method: string,
): SpecOperation | undefined {
  const item = objectOf(objectOf(spec['webhooks'])?.[name]);
  const lower = method.toLowerCase();
  const operation = objectOf(item?.[lower]);
  if (item === undefined || operation === undefined) return undefined;
  return { method: lower, path: name, operation, parameters: mergedParameters(item, operation) };
}

/** The named schemas: OpenAPI 3's `components.schemas`, Swagger 2's `definitions`. */
export function specSchemas(spec: SpecObject): Readonly<Record<string, unknown>> {
  return objectOf(objectOf(spec['components'])?.['schemas']) ?? objectOf(spec['definitions']) ?? {};
}

/**
 * The operations grouped by tag, as GitBook splits a spec into pages: each operation goes to its
 * first tag that the spec declares (else its first tag, else `default`); the groups follow the
 * order of the spec's `tags`, then undeclared tags in the order they first appear. Tags and
 * operations marked `x-internal` or `x-gitbook-ignore` make no page.
 */
export function specTagGroups(spec: SpecObject): SpecTagGroup[] {
  const declared = objectsOf(spec['tags']).filter((tag) => stringOf(tag['name']) !== undefined);
  const declaredNames = new Set(declared.map((tag) => tag['name'] as string));
  const ignoredTags = new Set(declared.filter(ignored).map((tag) => tag['name'] as string));
  const byTag = new Map<string, SpecOperation[]>();
  for (const operation of specOperations(spec)) {
    const tags = Array.isArray(operation.operation['tags'])
      ? operation.operation['tags'].filter((tag): tag is string => typeof tag === 'string')
      : [];
    const tag = tags.find((name) => declaredNames.has(name)) ?? tags[0] ?? 'default';
    if (ignoredTags.has(tag)) continue;
    byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);
  }
  const order = [
    ...declared.map((tag) => tag['name'] as string).filter((name) => byTag.has(name)),
    ...[...byTag.keys()].filter((name) => !declaredNames.has(name)),
  ];
  return order.map((name) => {
    const tag = declared.find((candidate) => candidate['name'] === name) ?? {};
    const description = stringOf(tag['description']);
    const pageDescription = stringOf(tag['x-page-description']);
    const icon = stringOf(tag['x-page-icon']);
    return {
      tag: name,
      title:
        stringOf(tag['x-page-title']) ?? stringOf(tag['x-displayName']) ?? titleFromTagName(name),
      ...(description === undefined ? {} : { description }),
      ...(pageDescription === undefined ? {} : { pageDescription }),
      ...(icon === undefined ? {} : { icon }),
      operations: byTag.get(name) ?? [],
    };
  });
}

/** The title GitBook gives an operation's page: its summary, else its operationId, else `GET /x`. */
export function operationTitle(operation: SpecOperation): string {
  const summary = stringOf(operation.operation['summary'])?.trim();
  if (summary) return summary;
  return (
    stringOf(operation.operation['operationId']) ??
    `${operation.method.toUpperCase()} ${operation.path}`
  );
}
