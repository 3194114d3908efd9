import * as nodeFs from 'node:fs';
import type * as SyncModule from '@docsync/sync';
import { UsageError } from './cli-error.js';
import type { CliIo } from './cli-io.js';

/** How a command that talks to the service was told where it is and who calls. */
export interface ServiceOptions {
  /** The command's name, for the usage message. */
  command: string;
  /** `--url`; without it, the `url` of docsync.json in the working directory. */
  url?: string;
  /** `--token-file`; without it, `DOCSYNC_TOKEN`. */
  tokenFile?: string;
}

/** The service URL: `--url`, else docsync.json's; a usage error when there is neither. */
async function serviceUrl(
  sync: typeof SyncModule,
  io: CliIo,
  options: ServiceOptions,
): Promise<string> {
  if (options.url !== undefined) return options.url;
  try {
    return (await sync.readSyncConfig({ fs: nodeFs.promises, dir: io.cwd })).url;
  } catch (error) {
    if (error instanceof sync.ConfigNotFoundError)
      throw new UsageError(
        `\`docsync ${options.command}\` needs --url, or a ${sync.SYNC_CONFIG_FILE} in the working directory`,
      );
    throw error;
  }
}

/** A client for the service, with the token from the environment or `--token-file`. */
export async function connectToService(
  io: CliIo,
  sync: typeof SyncModule,
  options: ServiceOptions,
): Promise<SyncModule.SyncClient> {
  const url = await serviceUrl(sync, io, options);
  const token = await sync.readToken({
    env: io.env,
    tokenFile: options.tokenFile,
    url,
    readFile: (path) => io.readFile(path),
  });
  return sync.createSyncClient({ baseUrl: url, token });
}
