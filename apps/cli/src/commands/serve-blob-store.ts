import { join } from 'node:path';
import type { BlobStore, Database, S3BlobStoreConfig } from '@docsync/server';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';

/** The environment variables that choose and configure the blob store, for `serve --help`. */
export const BLOB_STORE_HELP = `
Blob store (file bytes, keyed by their git blob id), chosen by the environment:
  DOCSYNC_BLOB_STORE           database (the default with DATABASE_URL: PostgreSQL's blobs
                               table), directory (the default without: <data>/blobs) or s3
  DOCSYNC_S3_BUCKET            the bucket (required with s3)
  DOCSYNC_S3_PREFIX            key prefix (default blobs/: blobs/ab/cdef…)
  DOCSYNC_S3_ENDPOINT          an S3-compatible service's URL (MinIO, R2, Ceph…); AWS S3 without
  DOCSYNC_S3_REGION            signing region (default AWS_REGION, else us-east-1)
  DOCSYNC_S3_FORCE_PATH_STYLE  true: endpoint/bucket/key URLs (default true with an endpoint)
  Credentials come from the AWS SDK's chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY
  (AWS_SESSION_TOKEN), else AWS_PROFILE or the machine's role. With s3, serve checks the bucket
  before listening, and blobs an earlier configuration kept move into the bucket as they are read.
`;

/** The blob store `serve` uses, how to name it, and what to close when it stops. */
export interface ServeBlobStore {
  blobs: BlobStore;
  /** For the start-up line: where the blobs are, when not where the data is (the default). */
  where?: string;
  close(): void;
}

/**
 * The blob store from `DOCSYNC_BLOB_STORE` and its settings: by default PostgreSQL's table (with
 * the data directory's blobs of earlier versions moving in as read) or, on SQLite, the data
 * directory; with `s3`, the bucket, checked before it is used, with the default store as where
 * earlier blobs move in from. A wrong setting is a usage error; an unreachable bucket a failure.
 */
export async function openServeBlobStore(
  io: CliIo,
  database: Database,
  dataDir: string,
): Promise<ServeBlobStore> {
  const { DatabaseBlobStore, DirectoryBlobStore, MovingBlobStore, S3BlobStore } =
    await import('@docsync/server');
  const postgres = database.dialect === 'postgres';
  const directory = new DirectoryBlobStore(join(dataDir, 'blobs'));
  // PostgreSQL holds the blobs too, so every instance on it serves them; blobs an earlier run
  // kept in the data directory are read from there (and moved in) as they are asked for.
  const defaultStore = postgres
    ? new MovingBlobStore(new DatabaseBlobStore(database.db), directory)
    : directory;
  const kind = setting(io, 'DOCSYNC_BLOB_STORE') ?? (postgres ? 'database' : 'directory');
  if (kind === (postgres ? 'database' : 'directory'))
    return { blobs: defaultStore, close: () => undefined };
  if (kind !== 's3')
    throw new UsageError(
      `DOCSYNC_BLOB_STORE \`${kind}\` is not a blob store here: ` +
        (postgres
          ? 'with DATABASE_URL, `database` (the default) or `s3`'
          : 'without DATABASE_URL, `directory` (the default) or `s3`'),
    );
  const config = s3Config(io);
  const s3 = new S3BlobStore(config);
  try {
    await s3.checkBucket();
  } catch (error) {
    s3.close();
    throw new CliError(
      'blob-store-unreachable',
      `cannot use the blob store: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    blobs: new MovingBlobStore(s3, defaultStore),
    where: `S3 bucket ${config.bucket}`,
    close: () => {
      s3.close();
    },
  };
}

/** The S3 settings of the environment; usage errors for what is missing or malformed. */
function s3Config(io: CliIo): S3BlobStoreConfig {
  const bucket = setting(io, 'DOCSYNC_S3_BUCKET');
  if (bucket === undefined)
    throw new UsageError(
      'DOCSYNC_BLOB_STORE=s3 needs DOCSYNC_S3_BUCKET, the bucket to keep blobs in',
    );
  const endpoint = setting(io, 'DOCSYNC_S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint))
    throw new UsageError(`DOCSYNC_S3_ENDPOINT \`${endpoint}\` is not an http(s) URL`);
  const pathStyle = setting(io, 'DOCSYNC_S3_FORCE_PATH_STYLE');
  const flag = pathStyle === undefined ? undefined : parseFlag(pathStyle);
  if (pathStyle !== undefined && flag === undefined)
    throw new UsageError(`DOCSYNC_S3_FORCE_PATH_STYLE \`${pathStyle}\` is not true or false`);
  const region = setting(io, 'DOCSYNC_S3_REGION') ?? setting(io, 'AWS_REGION');
  const prefix = setting(io, 'DOCSYNC_S3_PREFIX');
  const credentials = envCredentials(io);
  return {
    bucket,
    ...(prefix === undefined ? {} : { prefix }),
    ...(region === undefined ? {} : { region }),
    ...(endpoint === undefined ? {} : { endpoint }),
    // S3-compatible services answer at one host, not at one per bucket, unless set up to.
    forcePathStyle: flag ?? endpoint !== undefined,
    ...(credentials === undefined ? {} : { credentials }),
  };
}

/**
 * Keys set in the command's environment, passed on as they are (the SDK reads the process's,
 * which is the same one when `docsync` runs as a command); undefined leaves the SDK's chain to
 * find them (a profile, the machine's role).
 */
function envCredentials(io: CliIo): S3BlobStoreConfig['credentials'] {
  const accessKeyId = setting(io, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = setting(io, 'AWS_SECRET_ACCESS_KEY');
  if (accessKeyId === undefined && secretAccessKey === undefined) return undefined;
  if (accessKeyId === undefined || secretAccessKey === undefined)
    throw new UsageError(
      accessKeyId === undefined
        ? 'AWS_SECRET_ACCESS_KEY is set without AWS_ACCESS_KEY_ID'
        : 'AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY',
    );
  const sessionToken = setting(io, 'AWS_SESSION_TOKEN');
  return { accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) };
}

/** An environment variable's value, undefined when unset or empty. */
export function setting(io: CliIo, name: string): string | undefined {
  const value = io.env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function parseFlag(text: string): boolean | undefined {
  const lower = text.toLowerCase();
  if (['true', '1', 'yes'].includes(lower)) return true;
  if (['false', '0', 'no'].includes(lower)) return false;
  return undefined;
}
