import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { gitBlobId } from '@docsync/core';
import { BLOB_ID, type BlobStore } from './blob-store.js';

/** Where an {@link S3BlobStore} keeps blobs and how it reaches them. */
export interface S3BlobStoreConfig {
  bucket: string;
  /** Prepended to every key (`blobs/` gives `blobs/ab/cdef…`); a `/` is added when missing. */
  prefix?: string;
  /** The region requests are signed for (default `us-east-1`; S3 redirects are followed). */
  region?: string;
  /** An S3-compatible service's URL (MinIO, R2, Ceph…); AWS S3 itself when absent. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Explicit credentials; the AWS SDK's standard chain (environment, profile, role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** The key prefix blobs go under when none is configured. */
export const DEFAULT_S3_PREFIX = 'blobs/';

/** Connecting longer than this fails the request (which the SDK then retries). */
const CONNECT_TIMEOUT_MS = 10_000;
/** A request (one blob up or down) taking longer than this fails. */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * A {@link BlobStore} in an S3 bucket (AWS S3 or an S3-compatible service), through the AWS SDK:
 * what any number of instances share. A blob is the object `<prefix><first 2 hex digits>/<remaining
 * 38>`. Its bytes are their own id, so writing one twice, from two instances at once included,
 * writes the same object; `put` asks first, and uploads only what is missing. The credentials need
 * `s3:GetObject` and `s3:PutObject` under the prefix and `s3:ListBucket` on the bucket (without
 * it S3 answers 403 instead of 404 for a blob it does not hold, and the start-up check fails).
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  /** Names the endpoint in messages: its origin only, never credentials or a query. */
  readonly #where: string;

  constructor(config: S3BlobStoreConfig) {
    this.#bucket = config.bucket;
    this.#prefix = normalizePrefix(config.prefix ?? DEFAULT_S3_PREFIX);
    const region = config.region ?? 'us-east-1';
    this.#where =
      config.endpoint === undefined
        ? `AWS S3 (${region})`
        : URL.canParse(config.endpoint)
          ? new URL(config.endpoint).origin
          : 'the configured endpoint';
    this.#client = new S3Client({
      region,
      followRegionRedirects: true,
      ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
      ...(config.forcePathStyle === undefined ? {} : { forcePathStyle: config.forcePathStyle }),
      ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  /** The object key of a blob id, or undefined when `id` is not one (ids come from URLs). */
  key(id: string): string | undefined {
    if (!BLOB_ID.test(id)) return undefined;
    return `${this.#prefix}${id.slice(0, 2)}/${id.slice(2)}`;
  }

  /**
   * Resolves when the bucket answers with these credentials; rejects with what to fix otherwise
   * (no such bucket, access refused, endpoint unreachable, no credentials). `docsync serve` calls
   * it before listening.
   */
  async checkBucket(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      throw this.#unusable(error);
    }
  }

  /** Why {@link checkBucket} failed, as what to fix. */
  #unusable(error: unknown): Error {
    const status = httpStatus(error);
    if (status === 404)
      return new Error(`the S3 bucket \`${this.#bucket}\` does not exist at ${this.#where}`);
    if (status === 403 || status === 401)
      return new Error(
        `${this.#where} refused access to the S3 bucket \`${this.#bucket}\` (HTTP ${String(status)}): ` +
          'check the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the AWS ' +
          'profile or role) and that they may list the bucket and get and put its objects',
      );
    return this.#failure('reaching it', error);
  }

  async has(id: string): Promise<boolean> {
    return (await this.size(id)) !== undefined;
  }

  async size(id: string): Promise<number | undefined> {
    const key = this.key(id);
    if (key === undefined) return undefined;
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      return head.ContentLength;
    } catch (error) {
      // A HEAD answer has no body to tell a missing object from a missing bucket by; the
      // start-up check found the bucket.
      if (httpStatus(error) === 404) return undefined;
      throw this.#failure(`reading the size of \`${key}\``, error);
    }
  }

  async put(bytes: Uint8Array): Promise<string> {
    const id = gitBlobId(bytes);
    const key = this.key(id);
    if (key === undefined) throw new Error(`gitBlobId returned \`${id}\`, not a blob id`);
    if (await this.has(id)) return id;
    try {
      await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (error) {
      throw this.#failure(`writing \`${key}\``, error);
    }
    return id;
  }

  async get(id: string): Promise<Uint8Array | undefined> {
    const key = this.key(id);
    if (key === undefined) return undefined;
    try {
      const object = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      if (object.Body === undefined) throw new Error('the answer has no body');
      return await object.Body.transformToByteArray();
    } catch (error) {
      // NoSuchBucket is a 404 too, and no blob is missing then: the store is.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
      throw this.#failure(`reading \`${key}\``, error);
    }
  }

  /** Closes the client's connections. */
  close(): void {
    this.#client.destroy();
  }

  /**
   * An error that says what failed where, from S3's error code, status and message (which name
   * no credentials) or the network error's; the SDK's error object, with the raw response, is
   * not passed on.
   */
  #failure(doing: string, error: unknown): Error {
    const where = `S3 bucket \`${this.#bucket}\` at ${this.#where}: ${doing}`;
    if (error instanceof S3ServiceException) {
      const status = error.$metadata.httpStatusCode;
      const said =
        error.message === '' || error.message === 'UnknownError' ? '' : `: ${error.message}`;
      return new Error(
        `${where} failed with ${error.name}${status === undefined ? '' : ` (HTTP ${String(status)})`}${said}`,
      );
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new Error(`${where} failed: ${message}`);
  }
}

/** `blobs` and `/blobs/` as `blobs/`; an empty prefix stays empty (keys from the bucket's root). */
function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '');
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

function httpStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}
