import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { OpenApiOperation, OpenApiSchemas, OpenApiWebhook, Swagger } from '../model/blocks.js';
import type { HtmlContext } from './html-options.js';
import { linkTo } from './inlines-to-hast.js';

/**
 * An API block as the operation it names: the method and path (or webhook, or schemas) and a
 * link to its spec. Hosts that can read the spec replace these blocks by the operation's
 * documentation before rendering (the server does, from the organization's specs); this is
 * what is left when the spec cannot be read.
 */
export function openApiToHast(
  node: Swagger | OpenApiOperation | OpenApiSchemas | OpenApiWebhook,
  ctx: HtmlContext,
): ElementContent[] {
  const heading: ElementContent[] =
    node.type === 'openapi-schemas'
      ? [
          h('span', { className: ['ds-method'] }, 'Schemas'),
          { type: 'text', value: ' ' },
          h('code', node.data.schemas.join(', ')),
        ]
      : [
          h(
            'span',
            {
              className: [
                'ds-method',
                `ds-method-${node.data.method.toLowerCase().replace(/[^a-z]/g, '')}`,
              ],
            },
            node.data.method.toUpperCase(),
          ),
          { type: 'text', value: ' ' },
          h('code', node.type === 'openapi-webhook' ? node.data.name : node.data.path),
        ];
  const spec =
    node.type === 'swagger'
      ? linkTo(ctx, node.data.ref, [
          {
            type: 'text',
            value:
              node.data.label ??
              (node.data.ref.kind === 'url' ? node.data.ref.url : 'OpenAPI specification'),
          },
        ])
      : node.data.specUrl !== undefined
        ? linkTo(ctx, { kind: 'url', url: node.data.specUrl }, [
            { type: 'text', value: node.data.label ?? `OpenAPI ${node.data.ref.spec}` },
          ])
        : h('span', `OpenAPI ${node.data.ref.spec}`);
  return [
    h('section', { className: ['ds-openapi'] }, [
      h('p', { className: ['ds-openapi-operation'] }, heading),
      h('p', { className: ['ds-openapi-spec'] }, [spec]),
    ]),
  ];
}
