import SwaggerParser from '@apidevtools/swagger-parser';
import type { CountedCache } from '../caches/counted-cache.js';
import type { Db } from '../storage/schema.js';
import { objectOf, type SpecObject } from './spec-contents.js';

/** A spec of the organization at its latest version, ready to render pages from. */
export interface ResolvedSpec {
  readonly slug: string;
  readonly specId: string;
  readonly versionId: string;
  /** Where the version was read from: its source URL, or (text) the API address of its content. */
  readonly url: string;
  /** The bundled document with its internal references resolved (shared: never change it). */
  readonly document: SpecObject;
}

/** Parsed spec versions by version id (versions never change). */
export type SpecDocumentCache = CountedCache<string, { document: SpecObject }>;

/** The caches {@link SpecResolver} keeps its documents in. */
export interface SpecCaches {
  readonly openApiSpecs: SpecDocumentCache;
}

/** Looks specs up by slug within one organization, once per slug per resolver. */
export interface SpecResolver {
  /** The spec `slug` at its latest version; `undefined` when there is none or it has no version. */
  resolve(slug: string): Promise<ResolvedSpec | undefined>;
}

/**
 * The bundled document with its `$ref`s to itself replaced by what they point at (cycles kept as
 * shared objects), so readers of an operation see its parameters and schemas in place.
 */
async function dereferenced(content: string): Promise<SpecObject> {
  const bundled = JSON.parse(content) as unknown;
  try {
    const document = (await SwaggerParser.dereference(bundled as never, {
      resolve: { external: false },
      dereference: { circular: true },
    })) as unknown;
    return objectOf(document) ?? {};
  } catch {
    // A reference that resolves nowhere: the bundle as it is (its operations are still there).
    return objectOf(bundled) ?? {};
  }
}

/**
 * A resolver of the organization's specs for one read: each slug is looked up once (the spec and
 * its latest version in one query), and the parsed document of a version is kept in the server's
 * cache under the version's id, so a new version shows at once and an unchanged one is parsed
 * once. `baseUrl` makes the address of a text source's content.
 */
export function specResolver(
  db: Db,
  caches: SpecCaches,
  organizationId: string,
  baseUrl: string,
): SpecResolver {
  const found = new Map<string, Promise<ResolvedSpec | undefined>>();
  const lookUp = async (slug: string): Promise<ResolvedSpec | undefined> => {
    const row = await db
      .selectFrom('openapi_specs')
      .innerJoin(
        'openapi_spec_versions',
        'openapi_spec_versions.id',
        'openapi_specs.last_version_id',
      )
      .select([
        'openapi_specs.id as spec_id',
        'openapi_spec_versions.id as version_id',
        'openapi_spec_versions.url as url',
      ])
      .where('openapi_specs.organization_id', '=', organizationId)
      .where('openapi_specs.slug', '=', slug)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    let kept = caches.openApiSpecs.get(row.version_id);
    if (kept === undefined) {
      const version = await db
        .selectFrom('openapi_spec_versions')
        .select('content')
        .where('id', '=', row.version_id)
        .executeTakeFirstOrThrow();
      kept = { document: await dereferenced(version.content) };
      // Parsed objects take a few times their JSON's length.
      caches.openApiSpecs.set(row.version_id, kept, version.content.length * 4);
    }
    const url =
      row.url === ''
        ? `${baseUrl}/v1/orgs/${organizationId}/openapi/${encodeURIComponent(slug)}/versions/${encodeURIComponent(row.version_id)}/content`
        : row.url;
    return {
      slug,
      specId: row.spec_id,
      versionId: row.version_id,
      url,
      document: kept.document,
    };
  };
  return {
    resolve(slug) {
      let pending = found.get(slug);
      if (pending === undefined) {
        pending = lookUp(slug);
        found.set(slug, pending);
      }
      return pending;
    },
  };
}
