import type {
  Integration,
  IntegrationEvent,
  IntegrationInstallation,
  IntegrationEventTrace,
} from '@docsync/api';
import type { Selectable } from 'kysely';
import type { Level } from '../access/roles.js';
import { organizationResource } from '../resources/organization-resource.js';
import { readJson } from '../resources/json-column.js';
import type {
  IntegrationEventAttemptsTable,
  IntegrationEventsTable,
  IntegrationInstallationsTable,
  IntegrationsTable,
  OrganizationsTable,
} from '../storage/schema.js';

/** A stored integration. */
export type IntegrationRow = Selectable<IntegrationsTable>;
/** A stored installation. */
export type InstallationRow = Selectable<IntegrationInstallationsTable>;
/** A stored event. */
export type EventRow = Selectable<IntegrationEventsTable>;
/** A stored delivery attempt. */
export type AttemptRow = Selectable<IntegrationEventAttemptsTable>;

/** What is kept of a publish besides the columns of its own (see migration 020). */
export interface IntegrationManifest {
  summary?: string;
  blocks: Integration['blocks'];
  contentSources: Integration['contentSources'];
  configurations: Integration['configurations'];
  externalLinks: Integration['externalLinks'];
  contentSecurityPolicy?: string;
  runtime: 'v1' | 'v2';
}

/** Links of an integration: this API's, and the web app's (served under `/app`). */
export function integrationUrls(baseUrl: string, name: string) {
  const app = `${baseUrl}/app/integrations/${name}`;
  return {
    location: `${baseUrl}/v1/integrations/${name}`,
    app,
    icon: `${app}/icon.png`,
    assets: `${app}/assets`,
    publicEndpoint: `${baseUrl}/v1/integrations/${name}/installations`,
  };
}

/** The API's Integration; `level` is the caller's role in the owning organization. */
export function integrationResource(
  row: IntegrationRow,
  owner: Selectable<OrganizationsTable>,
  level: Level,
  baseUrl: string,
): Integration {
  const manifest = readJson(row.manifest) as IntegrationManifest;
  return {
    object: 'integration',
    name: row.name,
    version: row.version,
    title: row.title,
    description: row.description,
    ...(manifest.summary === undefined ? {} : { summary: manifest.summary }),
    // Preview images are accepted and not kept: docsync has no marketplace to show them in.
    previewImages: [],
    target: row.target,
    verified: false,
    visibility: row.visibility,
    scopes: readJson(row.scopes) as string[],
    categories: readJson(row.categories) as string[],
    blocks: manifest.blocks,
    contentSources: manifest.contentSources,
    configurations: manifest.configurations,
    externalLinks: manifest.externalLinks,
    owner: organizationResource(owner, level, baseUrl),
    urls: integrationUrls(baseUrl, row.name),
    permissions: { admin: level === 'admin' },
    ...(manifest.contentSecurityPolicy === undefined
      ? {}
      : { contentSecurityPolicy: manifest.contentSecurityPolicy }),
  };
}

/** The API's IntegrationInstallation. */
export function installationResource(
  row: InstallationRow,
  integrationName: string,
  spaces: number,
  baseUrl: string,
): IntegrationInstallation {
  const location = `${baseUrl}/v1/integrations/${integrationName}/installations/${row.id}`;
  return {
    id: row.id,
    status: row.status as IntegrationInstallation['status'],
    space_selection: row.space_selection as IntegrationInstallation['space_selection'],
    site_selection: row.site_selection as IntegrationInstallation['site_selection'],
    spaces,
    configuration: readJson(row.configuration) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: {
      location,
      app: `${baseUrl}/app/o/${row.organization_id}/integrations/${integrationName}`,
      publicEndpoint: location,
    },
    externalIds: readJson(row.external_ids) as string[],
    target: { organization: row.organization_id },
  };
}

/** The outcomes of the API for an event's delivery state. */
const STATUS: Readonly<Record<string, IntegrationEvent['status']>> = {
  delivered: 'success',
  not_handled: 'success',
};

/**
 * The attempts of an event as of its row: attempts are read after the event, and those recorded
 * meanwhile are left out, so the event's state and its attempts agree.
 */
export function recordedAttempts(row: EventRow, read: readonly AttemptRow[]): AttemptRow[] {
  return read.filter((attempt) => attempt.number <= row.attempts);
}

/** The API's IntegrationEvent, with its delivery attempts (oldest first). */
export function eventResource(row: EventRow, read: readonly AttemptRow[]): IntegrationEvent {
  const attempts = recordedAttempts(row, read);
  return {
    id: row.id,
    integrationId: row.integration_id,
    ...(row.installation_id === null ? {} : { installationId: row.installation_id }),
    createdAt: row.created_at,
    payload: readJson(row.payload) as IntegrationEvent['payload'],
    status: STATUS[row.state] ?? 'failed',
    delivery: {
      state: row.state as NonNullable<IntegrationEvent['delivery']>['state'],
      attempts: attempts.map((attempt) => ({
        number: attempt.number,
        startedAt: attempt.started_at,
        outcome: attempt.outcome as 'delivered',
        ...(attempt.response_code === null ? {} : { responseCode: attempt.response_code }),
        durationMs: attempt.duration_ms,
        ...(attempt.error === null ? {} : { error: attempt.error }),
      })),
    },
  };
}

/** The log of an event's handling: one line per delivery attempt. */
export function eventTrace(
  row: EventRow,
  read: readonly AttemptRow[],
): IntegrationEventTrace['trace'] {
  return {
    logs: recordedAttempts(row, read).map((attempt) => {
      const answer =
        attempt.response_code === null
          ? `no answer (${attempt.error ?? 'network error'})`
          : `HTTP ${String(attempt.response_code)}`;
      return {
        message: `attempt ${String(attempt.number)} to ${attempt.url}: ${answer} in ${String(attempt.duration_ms)} ms → ${attempt.outcome}`,
        timestamp: attempt.started_at,
        level:
          attempt.outcome === 'delivered' ? 'info' : attempt.outcome === 'retry' ? 'warn' : 'error',
      };
    }),
  };
}
