import { ConfigNotFoundError } from './errors.js';
import {
  parseSyncConfig,
  renderSyncConfig,
  SYNC_CONFIG_FILE,
  type SyncConfig,
} from './sync-config.js';

/** The file system calls the config file needs (`node:fs/promises` fits). */
export interface ConfigFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string): Promise<void>;
}

/** Reads `<dir>/docsync.json`. */
export async function readSyncConfig({
  fs,
  dir,
}: {
  fs: ConfigFs;
  dir: string;
}): Promise<SyncConfig> {
  let text: string;
  try {
    text = await fs.readFile(`${dir}/${SYNC_CONFIG_FILE}`, 'utf8');
  } catch (error) {
    throw new ConfigNotFoundError(SYNC_CONFIG_FILE, { cause: error });
  }
  return parseSyncConfig(text);
}

/** Writes `<dir>/docsync.json`. */
export async function writeSyncConfig({
  fs,
  dir,
  config,
}: {
  fs: ConfigFs;
  dir: string;
  config: SyncConfig;
}): Promise<void> {
  await fs.writeFile(`${dir}/${SYNC_CONFIG_FILE}`, renderSyncConfig(config));
}
