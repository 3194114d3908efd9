import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type {
  OpenApiOperation,
  OpenApiSchemas,
  OpenApiWebhook,
  Swagger,
} from '../../model/blocks.js';
import { parsePage } from '../parse-page.js';
import { renderPage } from '../render-page.js';

const roundTrip = (markdown: string) => renderPage(parsePage(markdown));
const rules = (markdown: string) =>
  parsePage(markdown).diagnostics.map(({ ruleId, severity }) => `${severity}:${ruleId}`);

describe('OpenAPI blocks from a spec file or URL', () => {
  it('reads `{% openapi %}` as a swagger block referring to the spec URL', () => {
    const markdown = `{% openapi src="https://petstore3.swagger.io/api/v3/openapi.json" path="/pet" method="post" expanded="true" %}
[https://petstore3.swagger.io/api/v3/openapi.json](https://petstore3.swagger.io/api/v3/openapi.json)
{% endopenapi %}
`;
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes).toEqual([
      {
        object: 'block',
        type: 'swagger',
        isVoid: true,
        data: {
          path: '/pet',
          method: 'post',
          ref: { kind: 'url', url: 'https://petstore3.swagger.io/api/v3/openapi.json' },
          expanded: true,
        },
      } satisfies Swagger,
    ]);
    expect(diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes an uploaded spec file with its file name as the link text', () => {
    const markdown = `{% openapi src="../../.gitbook/assets/metadata_endpoint.yaml" path="/metadata" method="get" %}
[metadata_endpoint.yaml](../../.gitbook/assets/metadata_endpoint.yaml)
{% endopenapi %}
`;
    const [block] = parsePage(markdown).document.nodes as [Swagger];
    expect(block.data).toEqual({
      path: '/metadata',
      method: 'get',
      ref: { kind: 'url', url: '../../.gitbook/assets/metadata_endpoint.yaml' },
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a link text the exporter would not write as `label`', () => {
    const markdown =
      '{% openapi src="./spec.yaml" path="/a" method="get" %}\n[Our API](./spec.yaml)\n{% endopenapi %}\n';
    const [block] = parsePage(markdown).document.nodes as [Swagger];
    expect(block.data.label).toBe('Our API');
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('writes the legacy spec-file `{% swagger %}` once as `{% openapi %}`', () => {
    const markdown = `{% swagger src="./openapi.json" path="/collections/{collectionId}" method="get" expanded="true" %}
[openapi.json](./openapi.json)
{% endswagger %}
`;
    const once = roundTrip(markdown);
    expect(once)
      .toBe(`{% openapi src="./openapi.json" path="/collections/{collectionId}" method="get" expanded="true" %}
[openapi.json](./openapi.json)
{% endopenapi %}
`);
    expect(roundTrip(once)).toBe(once);
    expect(parsePage(once).document).toEqual(parsePage(markdown).document);
    expect(rules(markdown)).toEqual(['info:legacy-swagger']);
  });

  it('writes an empty body once as the link the exporter writes', () => {
    const markdown =
      '{% openapi src="../assets/spec.yaml" path="/task" method="post" %}\n{% endopenapi %}\n';
    expect(rules(markdown)).toEqual(['info:openapi-body']);
    const once = roundTrip(markdown);
    expect(once).toBe(
      '{% openapi src="../assets/spec.yaml" path="/task" method="post" %}\n[spec.yaml](../assets/spec.yaml)\n{% endopenapi %}\n',
    );
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps a block whose link does not point at its spec verbatim', () => {
    const markdown =
      '{% openapi src="./a.yaml" path="/a" method="get" %}\n[a.yaml](./b.yaml)\n{% endopenapi %}\n';
    expect(parsePage(markdown).document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('OpenAPI blocks of a spec registered with the organization', () => {
  it('reads `{% openapi-operation %}` and keeps the spec link as written', () => {
    const markdown = `{% openapi-operation spec="gitbook" path="/" method="get" %}
[OpenAPI gitbook](https://api.gitbook.com/openapi.yaml)
{% endopenapi-operation %}
`;
    const { document, diagnostics } = parsePage(markdown);
    expect(document.nodes).toEqual([
      {
        object: 'block',
        type: 'openapi-operation',
        isVoid: true,
        data: {
          path: '/',
          method: 'get',
          ref: { kind: 'openapi', spec: 'gitbook' },
          specUrl: 'https://api.gitbook.com/openapi.yaml',
        },
      } satisfies OpenApiOperation,
    ]);
    expect(diagnostics).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads `{% openapi-schemas %}` with its schema list and grouping', () => {
    const markdown = `{% openapi-schemas spec="petstore" schemas="Pet,Order" grouped="false" %}
[OpenAPI petstore](https://petstore3.swagger.io/api/v3/openapi.json)
{% endopenapi-schemas %}
`;
    const [block] = parsePage(markdown).document.nodes as [OpenApiSchemas];
    expect(block.data).toEqual({
      schemas: ['Pet', 'Order'],
      grouped: false,
      ref: { kind: 'openapi', spec: 'petstore' },
      specUrl: 'https://petstore3.swagger.io/api/v3/openapi.json',
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads `{% openapi-webhook %}` by name and method', () => {
    const markdown = `{% openapi-webhook spec="mindee-api" name="inference-processed" method="post" %}
[OpenAPI mindee-api](https://api-v2.mindee.net/openapi.json)
{% endopenapi-webhook %}
`;
    const [block] = parsePage(markdown).document.nodes as [OpenApiWebhook];
    expect(block.data).toEqual({
      name: 'inference-processed',
      method: 'post',
      ref: { kind: 'openapi', spec: 'mindee-api' },
      specUrl: 'https://api-v2.mindee.net/openapi.json',
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a broken spec link, its text and a relative target as written', () => {
    const broken = `{% openapi-operation spec="api-dev" path="/escrow" method="post" %}
[Broken link](broken-reference)
{% endopenapi-operation %}
`;
    const [block] = parsePage(broken).document.nodes as [OpenApiOperation];
    expect(block.data).toMatchObject({ specUrl: 'broken-reference', label: 'Broken link' });
    expect(roundTrip(broken)).toBe(broken);
    const relative = `{% openapi-schemas spec="navixy-platform" schemas="Zone,ZonePoint" %}
[OpenAPI navixy-platform](../../../reference/Navixy_Platform.json)
{% endopenapi-schemas %}
`;
    expect(roundTrip(relative)).toBe(relative);
  });

  it('reads and writes a registered-spec block with an empty body', () => {
    const markdown =
      '{% openapi-operation spec="s" path="/a" method="get" %}\n{% endopenapi-operation %}\n';
    const [block] = parsePage(markdown).document.nodes as [OpenApiOperation];
    expect(block.data).not.toHaveProperty('specUrl');
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps a malformed tag verbatim with a warning', () => {
    const markdown = `{% openapi-webhook Payment API name="Notification" method="post" %}
[OpenAPI conomyhq-api](https://example.com/Payment%20API.yaml)
{% endopenapi-webhook %}
`;
    expect(parsePage(markdown).document.nodes.map((block) => block.type)).toEqual(['markdown']);
    expect(rules(markdown)).toEqual(['warning:unsupported-tag-form']);
    expect(roundTrip(markdown)).toBe(markdown);
  });
});

describe('legacy API blocks with inline definitions', () => {
  it('keeps `{% swagger baseUrl=… %}` verbatim with an info diagnostic', () => {
    const markdown = `{% swagger baseUrl="https://computer-api.example.com" path="/v1/computer" method="get" summary="Get a list of Computers" %}
{% swagger-description %}
Returns a list of computers
{% endswagger-description %}

{% swagger-parameter in="header" name="Accept" type="string" required="true" %}
the requested mime-type of the response
{% endswagger-parameter %}

{% swagger-response status="200: OK" description="Found" %}
\`\`\`
{"items": []}
\`\`\`
{% endswagger-response %}
{% endswagger %}
`;
    const { document } = parsePage(markdown);
    expect(document.nodes).toEqual([
      { object: 'block', type: 'markdown', isVoid: true, data: { markdown: markdown.trimEnd() } },
    ]);
    expect(rules(markdown)).toEqual(['info:legacy-api-block']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps `{% api-method %}` with unquoted attribute values verbatim with an info diagnostic', () => {
    const markdown = `# Get Server

{% api-method method="get" host="https://api.example.com" path="/server/{id}" %}
{% api-method-summary %}
Get Server
{% endapi-method-summary %}

{% api-method-description %}
Get a server's information.
{% endapi-method-description %}

{% api-method-spec %}
{% api-method-request %}
{% api-method-path-parameters %}
{% api-method-parameter name="byName" type="boolean" required=false %}
Whether to search by name.
{% endapi-method-parameter %}
{% endapi-method-path-parameters %}
{% endapi-method-request %}

{% api-method-response %}
{% api-method-response-example httpCode=200 %}
{% api-method-response-example-description %}

{% endapi-method-response-example-description %}

\`\`\`
{"server":{}}
\`\`\`
{% endapi-method-response-example %}
{% endapi-method-response %}
{% endapi-method-spec %}
{% endapi-method %}

Text after.
`;
    const { document } = parsePage(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['markdown', 'paragraph']);
    expect(rules(markdown)).toEqual(['info:legacy-api-block']);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('re-exports the git-sync-normalization API blocks page byte for byte, with info only', () => {
    const page = readFileSync(
      new URL('../../../fixtures/corpora/git-sync-normalization/api-blocks.md', import.meta.url),
      'utf8',
    );
    const { diagnostics } = parsePage(page);
    expect(new Set(diagnostics.map(({ ruleId, severity }) => `${severity}:${ruleId}`))).toEqual(
      new Set(['info:legacy-api-block']),
    );
    expect(roundTrip(page)).toBe(page);
  });
});
