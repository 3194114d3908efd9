import {
  Site,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteStructure,
  Space,
  type Site as SiteType,
  type SiteSection as SiteSectionType,
  type SiteSectionGroup as SiteSectionGroupType,
  type SiteSpace as SiteSpaceType,
  type SiteStructure as SiteStructureType,
  type Space as SpaceType,
} from '@docsync/api';
import type { HttpClient, HttpResult, ManualClock } from '@docsync/test-utils';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../storage/schema.js';
import { seedOrganizationWithMembers } from './seed-organization-with-members.js';

/** Who a {@link SiteClient} acts as: an organization and, optionally, another member's token. */
export interface SiteClientOptions {
  organizationId: string;
  token?: string;
}

/**
 * Requests to the site operations of one organization, for tests: each helper expects the
 * operation's success status and checks the body against the contract's schema, throwing with
 * the response when either is off.
 */
export class SiteClient {
  readonly #http: HttpClient;
  readonly #options: SiteClientOptions;

  constructor(http: HttpClient, options: SiteClientOptions) {
    this.#http = http;
    this.#options = options;
  }

  /** The token it acts with (the HTTP client's own when undefined). */
  get token(): string | undefined {
    return this.#options.token;
  }

  /** `/v1/orgs/<organization>/sites`, then `rest`. */
  path(rest = ''): string {
    return `/v1/orgs/${this.#options.organizationId}/sites${rest}`;
  }

  /** One request as this client's caller (a `token` option overrides it). */
  request(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    const token = options.token === undefined ? this.#options.token : options.token;
    return this.#http.request(method, path, {
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(token === undefined ? {} : { token }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
  }

  /** Sends a request and returns its body, after checking the status and the schema. */
  async expect<T>(
    status: number,
    schema: TSchema | null,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await this.request(method, path, body === undefined ? {} : { body });
    if (response.status !== status) {
      throw new Error(
        `${method} ${path} answered ${response.status}, not ${status}: ${response.text}`,
      );
    }
    if (schema !== null && !Value.Check(schema, response.body)) {
      const errors = [...Value.Errors(schema, response.body)].slice(0, 3);
      throw new Error(
        `${method} ${path}: body breaks the contract ${JSON.stringify(errors)}: ${response.text}`,
      );
    }
    return response.body as T;
  }

  /** Creates a space in the organization (201). */
  createSpace(title: string): Promise<SpaceType> {
    return this.expect(201, Space, 'POST', `/v1/orgs/${this.#options.organizationId}/spaces`, {
      title,
    });
  }

  /** Creates a site (201). */
  createSite(body: Record<string, unknown> = {}): Promise<SiteType> {
    return this.expect(201, Site, 'POST', this.path(), body);
  }

  /** Gets a site (200). */
  getSite(siteId: string): Promise<SiteType> {
    return this.expect(200, Site, 'GET', this.path(`/${siteId}`));
  }

  /** Publishes a space on a site (201). */
  addSiteSpace(siteId: string, body: Record<string, unknown>): Promise<SiteSpaceType> {
    return this.expect(201, SiteSpace, 'POST', this.path(`/${siteId}/site-spaces`), body);
  }

  /** Adds a section to a site (201). */
  addSection(siteId: string, body: Record<string, unknown>): Promise<SiteSectionType> {
    return this.expect(201, SiteSection, 'POST', this.path(`/${siteId}/sections`), body);
  }

  /** Creates a section group (201). */
  addGroup(siteId: string, body: Record<string, unknown>): Promise<SiteSectionGroupType> {
    return this.expect(201, SiteSectionGroup, 'POST', this.path(`/${siteId}/section-groups`), body);
  }

  /** Gets a site's structure (200). */
  structure(siteId: string): Promise<SiteStructureType> {
    return this.expect(200, SiteStructure, 'GET', this.path(`/${siteId}/structure`));
  }
}

/**
 * A new organization with one member per role (null: a guest) and, for each, a client acting as
 * them, in the order given; the organization holds only what the test makes.
 */
export async function seedSiteClients(
  server: { db: Db; clock: ManualClock; http: HttpClient },
  roles: readonly (string | null)[],
): Promise<{ organizationId: string; clients: SiteClient[] }> {
  const { organizationId, members } = await seedOrganizationWithMembers(
    server.db,
    server.clock,
    roles.map((role) => ({ role })),
  );
  const clients = members.map(
    (member) => new SiteClient(server.http, { organizationId, token: member.token }),
  );
  return { organizationId, clients };
}
