import { resolve } from 'node:path';
import type { OpenAPISpec } from '@docsync/api';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { connectToService } from '../service-connection.js';

/** `docsync openapi publish`'s options as commander parses them. */
interface PublishOptions {
  spec: string;
  organization?: string;
  url?: string;
  tokenFile?: string;
  wait?: true;
  json?: true;
}

/** How long `--wait` waits for the service to process the spec, and how often it looks. */
const WAIT_MS = 120_000;
const LOOK_EVERY_MS = 250;

/** `{url}` for an http(s) URL, else the file's text (`{text}`), as GitBook's CLI sends them. */
async function sourceOf(io: CliIo, fileOrUrl: string): Promise<{ url: string } | { text: string }> {
  if (/^https?:\/\//i.test(fileOrUrl)) return { url: fileOrUrl };
  try {
    return { text: await io.readFile(resolve(io.cwd, fileOrUrl)) };
  } catch (error) {
    throw new CliError('spec-unreadable', `cannot read the spec file \`${fileOrUrl}\``, {
      cause: error,
    });
  }
}

/**
 * `docsync openapi publish <file|url> --spec <slug>`: stores the spec (the file's text, or the
 * URL the service fetches) under the slug, creating it or replacing its source, as `gitbook
 * openapi publish` does. The organization is `--organization`, else the caller's only one.
 * With `--wait`, waits for the processing and fails when it recorded an error.
 */
async function runPublish(io: CliIo, fileOrUrl: string, options: PublishOptions): Promise<void> {
  const source = await sourceOf(io, fileOrUrl);
  const sync = await import('@docsync/sync');
  let spec: OpenAPISpec;
  try {
    const client = await connectToService(io, sync, {
      command: 'openapi publish',
      ...(options.url === undefined ? {} : { url: options.url }),
      ...(options.tokenFile === undefined ? {} : { tokenFile: options.tokenFile }),
    });
    let organizationId = options.organization;
    if (organizationId === undefined) {
      const organizations = await client.api.listAll('listOrganizationsForAuthenticatedUser');
      if (organizations.length !== 1)
        throw new UsageError(
          `the token's user is in ${String(organizations.length)} organizations: name one with --organization <id>`,
        );
      organizationId = organizations[0]?.id ?? '';
    }
    const params = { organizationId, specSlug: options.spec };
    spec = (await client.api.request('createOrUpdateOpenAPISpecBySlug', {
      params,
      body: { source },
    })) as OpenAPISpec;
    const started = Date.now();
    while (options.wait === true && spec.processingState !== 'complete') {
      if (Date.now() - started > WAIT_MS)
        throw new CliError(
          'openapi-wait-timeout',
          `the service did not process spec \`${options.spec}\` within ${String(WAIT_MS / 1000)} s`,
        );
      await new Promise((done) => setTimeout(done, LOOK_EVERY_MS));
      spec = (await client.api.request('getOpenAPISpecBySlug', { params })) as OpenAPISpec;
    }
  } catch (error) {
    if (error instanceof sync.SyncError || error instanceof sync.ApiClientError)
      throw new CliError(error.code, error.message, { cause: error });
    throw error;
  }
  if (options.json === true) io.stdout(`${JSON.stringify(spec)}\n`);
  else if (options.wait !== true)
    io.stdout(`published OpenAPI spec ${spec.slug} to ${spec.urls.location} (processing)\n`);
  else if (spec.lastProcessErrorCode === undefined)
    io.stdout(
      `published OpenAPI spec ${spec.slug} to ${spec.urls.location}: version ${spec.lastVersion ?? 'none'}\n`,
    );
  if (options.wait === true && spec.lastProcessErrorCode !== undefined)
    throw new CliError(
      'openapi-processing-failed',
      `the service could not process spec \`${spec.slug}\` (${spec.lastProcessErrorCode}): ${(
        spec.lastProcessedErrors ?? []
      )
        .map((problem) => problem.message)
        .join('; ')}`,
    );
}

/** Registers `openapi publish`. */
export function registerOpenApi(program: Command, io: CliIo): void {
  const openapi = program.command('openapi').summary('manage OpenAPI specs on the service');
  openapi
    .command('publish')
    .description(
      'Publish an OpenAPI spec from a file (sent as text) or an http(s) URL (fetched by the\n' +
        'service, and again every few hours) under a slug, creating the spec or replacing its\n' +
        'source, as `gitbook openapi publish` does. The service processes it in the background.',
    )
    .argument('<file-or-url>', 'the spec file (YAML or JSON), or its http(s) URL')
    .requiredOption('-s, --spec <slug>', 'the slug the spec is stored under')
    .option('-o, --organization <id>', "the organization (default: the token's user's only one)")
    .option('--url <url>', 'the service URL (without /v1); default: the one in docsync.json')
    .option('--token-file <path>', 'read the API token from this file')
    .option('--wait', 'wait until the service processed it; exit 1 when that failed')
    .option('--json', 'print the spec as JSON')
    .action((fileOrUrl: string, options: PublishOptions) => runPublish(io, fileOrUrl, options));
}
