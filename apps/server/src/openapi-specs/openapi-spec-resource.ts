import type { OpenAPISpec, OpenAPISpecVersion, OpenAPISpecVersionContent } from '@docsync/api';
import { atLeast, type Level } from '../access/roles.js';
import type { OpenApiSpecRow } from './openapi-specs.js';
import type { SpecProblem } from './load-spec.js';
import type { SpecVersionRow } from './spec-versions.js';

/** Where a spec lives in the API and in the app. */
function specUrls(baseUrl: string, organizationId: string, slug: string) {
  const path = `/orgs/${encodeURIComponent(organizationId)}/openapi/${encodeURIComponent(slug)}`;
  return { location: `${baseUrl}/v1${path}`, app: `${baseUrl}/app${path}` };
}

/** The API's OpenAPISpec for a stored one, as a member at `level` sees it. */
export function openApiSpecResource(
  row: OpenApiSpecRow,
  level: Level,
  baseUrl: string,
): OpenAPISpec {
  const urls = specUrls(baseUrl, row.organization_id, row.slug);
  return {
    object: 'openapi-spec',
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    slug: row.slug,
    ...(row.source_url === null ? {} : { sourceURL: row.source_url }),
    processingState: row.processing_state as OpenAPISpec['processingState'],
    visibility: row.visibility as 'private' | 'public',
    ...(row.last_version_id === null ? {} : { lastVersion: row.last_version_id }),
    ...(row.last_processed_at === null ? {} : { lastProcessedAt: row.last_processed_at }),
    ...(row.last_error_code === null
      ? {}
      : {
          lastProcessErrorCode: row.last_error_code as NonNullable<
            OpenAPISpec['lastProcessErrorCode']
          >,
          lastProcessedErrors: JSON.parse(row.last_errors ?? '[]') as SpecProblem[],
        }),
    permissions: { view: true, edit: atLeast(level, 'create') },
    urls: {
      ...urls,
      // Anyone with the link reads a public spec's latest content.
      ...(row.visibility === 'public'
        ? { published: `${urls.location}/versions/latest/content` }
        : {}),
    },
  };
}

/** Where the API serves a version. */
function versionLocation(baseUrl: string, spec: OpenApiSpecRow, versionId: string): string {
  return `${specUrls(baseUrl, spec.organization_id, spec.slug).location}/versions/${encodeURIComponent(versionId)}`;
}

/** Where a version's content is read from: its source URL, or (given as text) this API. */
function versionUrl(baseUrl: string, spec: OpenApiSpecRow, version: SpecVersionRow): string {
  return version.url === '' ? `${versionLocation(baseUrl, spec, version.id)}/content` : version.url;
}

/** The API's OpenAPISpecVersion for a stored one. */
export function openApiSpecVersionResource(
  spec: OpenApiSpecRow,
  version: SpecVersionRow,
  baseUrl: string,
): OpenAPISpecVersion {
  return {
    object: 'openapi-spec-version',
    id: version.id,
    createdAt: version.created_at,
    url: versionUrl(baseUrl, spec, version),
    urls: { location: versionLocation(baseUrl, spec, version.id) },
  };
}

/**
 * A version's content: its files by name (one: the spec with its references bundled in) and
 * where it was read from.
 */
export function openApiSpecVersionContent(
  spec: OpenApiSpecRow,
  version: SpecVersionRow,
  document: unknown,
  baseUrl: string,
): OpenAPISpecVersionContent {
  return {
    filesystem: { [version.file_name]: document },
    url: versionUrl(baseUrl, spec, version),
  };
}
