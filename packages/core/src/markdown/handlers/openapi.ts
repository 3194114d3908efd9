import type { RootContent } from 'mdast';
import type {
  OpenApiOperation,
  OpenApiSchemas,
  OpenApiSpecLink,
  OpenApiWebhook,
  Swagger,
} from '../../model/blocks.js';
import type { LiquidBlock, LiquidTag } from '../liquid/mdast.js';
import type { ParseContext } from '../parse-context.js';
import { booleanString, tagBlock } from './tag-nodes.js';
import { strictAttributes, strictBoolean } from './strict-tag.js';
import type { ConstructHandlers } from './types.js';

/** The link a spec block's body holds, and whether it was written `[text](url)`. */
interface BodyLink {
  text: string;
  url: string;
  bracketed: boolean;
}

/**
 * The single link in a spec block's body (`[openapi.json](./openapi.json)`); `null` for an empty
 * body; `undefined` when the body holds anything else (kept verbatim).
 */
function bodyLink(node: LiquidBlock, context: ParseContext): BodyLink | null | undefined {
  if (node.children.length === 0) return null;
  const [paragraph, ...rest] = node.children;
  if (paragraph?.type !== 'paragraph' || rest.length > 0 || paragraph.children.length !== 1) {
    return undefined;
  }
  const link = paragraph.children[0];
  if (link?.type !== 'link' || link.title || link.children.length > 1) return undefined;
  const text = link.children[0];
  if (text !== undefined && text.type !== 'text') return undefined;
  return {
    text: text?.value ?? '',
    url: link.url,
    bracketed: context.sourceOf(link).startsWith('['),
  };
}

/** The body link mdast of a spec block. */
function linkParagraph(text: string, url: string): RootContent {
  return {
    type: 'paragraph',
    children: [{ type: 'link', url, children: text === '' ? [] : [{ type: 'text', value: text }] }],
  };
}

/**
 * The link text GitBook writes for a spec file or URL: the URL itself, or the file's name
 * (`../../.gitbook/assets/spec.yaml` → `spec.yaml`).
 */
function specFileLabel(src: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(src)) return src;
  const path = src.replace(/[?#].*$/, '').replace(/\/$/, '');
  return path.split('/').pop() ?? path;
}

/** The link text GitBook writes for a spec registered with the organization. */
function specLabel(spec: string): string {
  return `OpenAPI ${spec}`;
}

/**
 * `{% openapi src="…" path="…" method="…" expanded="true" %}` (and the spec-file variant of the
 * legacy `{% swagger %}`), whose body is a link to the spec. An empty body or a bare URL is read
 * too and reported: it is written back as the exporter writes it.
 */
function readSpecFile(node: LiquidBlock, context: ParseContext): Swagger | undefined {
  const attributes = strictAttributes(node, ['src', 'path', 'method', 'expanded', 'fullWidth']);
  const src = attributes?.get('src');
  const path = attributes?.get('path');
  const method = attributes?.get('method');
  const expanded = strictBoolean(attributes?.get('expanded'));
  const fullWidth = strictBoolean(attributes?.get('fullWidth'));
  if (
    src === undefined ||
    path === undefined ||
    method === undefined ||
    expanded === null ||
    fullWidth === null
  ) {
    return undefined;
  }
  const link = bodyLink(node, context);
  if (link === undefined || (link !== null && link.url !== src)) return undefined;
  if (!link?.bracketed) {
    context.report(
      node,
      'openapi-body',
      `the body of \`{% ${node.tag.name} %}\` is written back as the link to its spec, as the exporter writes it`,
      'info',
    );
  }
  return {
    object: 'block',
    type: 'swagger',
    isVoid: true,
    data: {
      path,
      method,
      ref: { kind: 'url', url: src },
      ...(expanded === undefined ? {} : { expanded }),
      ...(fullWidth === undefined ? {} : { fullWidth }),
      ...(link === null || link.text === specFileLabel(src) ? {} : { label: link.text }),
    },
  };
}

/**
 * The attributes and body link of a block of a spec registered with the organization
 * (`{% openapi-operation spec="…" … %}` + `[OpenAPI spec](url)`); `undefined` if not understood.
 */
function readRegistered(
  node: LiquidBlock | LiquidTag,
  keys: readonly string[],
  context: ParseContext,
): { attributes: ReadonlyMap<string, string>; spec: string; link: OpenApiSpecLink } | undefined {
  if (node.type !== 'liquidBlock') return undefined;
  const attributes = strictAttributes(node, ['spec', ...keys]);
  const spec = attributes?.get('spec');
  if (!attributes || spec === undefined) return undefined;
  const link = bodyLink(node, context);
  if (link === undefined) return undefined;
  if (link && !link.bracketed) {
    context.report(
      node,
      'openapi-body',
      `the link in \`{% ${node.tag.name} %}\` is written back as \`[text](url)\``,
      'info',
    );
  }
  return {
    attributes,
    spec,
    link:
      link === null
        ? {}
        : { specUrl: link.url, ...(link.text === specLabel(spec) ? {} : { label: link.text }) },
  };
}

/** The body of a registered-spec block: its link, or nothing when it had none. */
function registeredBody(spec: string, data: OpenApiSpecLink): RootContent[] {
  return data.specUrl === undefined
    ? []
    : [linkParagraph(data.label ?? specLabel(spec), data.specUrl)];
}

/** Keeps a legacy API block (inline operation definition) verbatim, as information. */
function legacyApiBlock(node: LiquidBlock, context: ParseContext) {
  return context.raw(
    node,
    'legacy-api-block',
    `\`{% ${node.tag.name} %}\` defines an API operation inline, which the document model has no block for; kept verbatim`,
    'info',
  );
}

/**
 * OpenAPI blocks in their four generations (B12): `{% openapi src %}` and the legacy spec-file
 * `{% swagger src %}` (→ `swagger`), `{% openapi-operation %}`, `{% openapi-schemas %}` and
 * `{% openapi-webhook %}` (specs registered with the organization). The legacy inline
 * definitions, `{% swagger baseUrl=… %}` and `{% api-method %}`, have no block in the document
 * model: they are kept verbatim with an `info` diagnostic.
 */
export const openapi: ConstructHandlers = {
  tags: {
    openapi: (node, context) => {
      if (node.type !== 'liquidBlock') return undefined;
      const block = readSpecFile(node, context);
      return block ? [block] : undefined;
    },
    swagger: (node, context) => {
      if (node.type !== 'liquidBlock') return undefined;
      if (!node.tag.args.some((arg) => arg.key === 'src')) return [legacyApiBlock(node, context)];
      const block = readSpecFile(node, context);
      if (!block) return undefined;
      context.report(
        node,
        'legacy-swagger',
        '`{% swagger src=… %}` is written back as `{% openapi %}`, as the current exporter does',
        'info',
      );
      return [block];
    },
    'api-method': (node, context) =>
      node.type === 'liquidBlock' ? [legacyApiBlock(node, context)] : undefined,
    'openapi-operation': (node, context) => {
      const read = readRegistered(node, ['path', 'method'], context);
      const path = read?.attributes.get('path');
      const method = read?.attributes.get('method');
      if (!read || path === undefined || method === undefined) return undefined;
      const block: OpenApiOperation = {
        object: 'block',
        type: 'openapi-operation',
        isVoid: true,
        data: { path, method, ref: { kind: 'openapi', spec: read.spec }, ...read.link },
      };
      return [block];
    },
    'openapi-schemas': (node, context) => {
      const read = readRegistered(node, ['schemas', 'grouped'], context);
      const schemas = read?.attributes.get('schemas');
      const grouped = strictBoolean(read?.attributes.get('grouped'));
      if (!read || schemas === undefined || grouped === null) return undefined;
      const block: OpenApiSchemas = {
        object: 'block',
        type: 'openapi-schemas',
        isVoid: true,
        data: {
          // A comma list without spaces (`Pet,Order`).
          schemas: schemas === '' ? [] : schemas.split(','),
          ...(grouped === undefined ? {} : { grouped }),
          ref: { kind: 'openapi', spec: read.spec },
          ...read.link,
        },
      };
      return [block];
    },
    'openapi-webhook': (node, context) => {
      const read = readRegistered(node, ['name', 'method'], context);
      const name = read?.attributes.get('name');
      const method = read?.attributes.get('method');
      if (!read || name === undefined || method === undefined) return undefined;
      const block: OpenApiWebhook = {
        object: 'block',
        type: 'openapi-webhook',
        isVoid: true,
        data: { name, method, ref: { kind: 'openapi', spec: read.spec }, ...read.link },
      };
      return [block];
    },
  },
  blocks: {
    swagger: (block) => {
      const src = block.data.ref.kind === 'url' ? block.data.ref.url : block.data.ref.file;
      return [
        tagBlock(
          'openapi',
          [
            ['src', src],
            ['path', block.data.path],
            ['method', block.data.method],
            ['expanded', booleanString(block.data.expanded)],
            ['fullWidth', booleanString(block.data.fullWidth)],
          ],
          [linkParagraph(block.data.label ?? specFileLabel(src), src)],
        ),
      ];
    },
    'openapi-operation': (block) => [
      tagBlock(
        'openapi-operation',
        [
          ['spec', block.data.ref.spec],
          ['path', block.data.path],
          ['method', block.data.method],
        ],
        registeredBody(block.data.ref.spec, block.data),
      ),
    ],
    'openapi-schemas': (block) => [
      tagBlock(
        'openapi-schemas',
        [
          ['spec', block.data.ref.spec],
          ['schemas', block.data.schemas.join(',')],
          ['grouped', booleanString(block.data.grouped)],
        ],
        registeredBody(block.data.ref.spec, block.data),
      ),
    ],
    'openapi-webhook': (block) => [
      tagBlock(
        'openapi-webhook',
        [
          ['spec', block.data.ref.spec],
          ['name', block.data.name],
          ['method', block.data.method],
        ],
        registeredBody(block.data.ref.spec, block.data),
      ),
    ],
  },
};
