import PQueue from 'p-queue';
import { BadRequestError, ConflictError } from '@docsync/client';
import { readBlobBytes, type RepoOptions } from '@docsync/git';
import type { SyncState } from './read-sync-state.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import { diffTrees, type SyncFile, type SyncTree } from './sync-tree.js';

/** The commit an uploaded tree is recorded with. */
export interface UploadCommit {
  oid: string;
  message: string;
  ref: string;
  author?: { name: string; email: string };
}

/** Options of {@link uploadTree}. */
export interface UploadOptions {
  /** Import into this change request (id or number) instead of the main content. */
  changeRequest?: string;
  /**
   * With `changeRequest`: the tree holds the main content at this revision, so the change
   * request merges from there (it is up to date with it).
   */
  mainRevision?: string;
  /**
   * Blob ids the service is known to hold (the files of a commit it imported), left out of the
   * negotiation so a push asks about what changed, not about every file.
   */
  known?: ReadonlySet<string>;
  /** Bytes of blobs read already (to look for conflict markers), by blob id: not read again. */
  read?: ReadonlyMap<string, Uint8Array>;
  /** Told how many of the missing blobs have been sent. */
  onProgress?: ProgressListener;
  /**
   * The commit the target's content was imported from, with its tree: the import then sends only
   * the paths that differ from it (`base` and `changes`), and the whole tree when the service
   * answers that the content is no longer at that commit (409).
   */
  base?: { commit: string; tree: SyncTree };
}

/** What {@link uploadTree} sent. */
export interface UploadResult {
  /** Blobs the service lacked and received. */
  uploaded: number;
  /** Bytes of those blobs. */
  bytes: number;
}

/** The contract's cap on blob ids per negotiation. */
const NEGOTIATE_BATCH = 10_000;
/** Blobs per upload request, and their bytes: well under the server's 8 MiB body limit (base64 adds a third). */
const UPLOAD_BATCH = 500;
const UPLOAD_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();

async function bytesOf(
  repo: RepoOptions,
  file: SyncFile,
  read: ReadonlyMap<string, Uint8Array> | undefined,
): Promise<Uint8Array> {
  if (file.bytes !== undefined) return file.bytes;
  if (file.text !== undefined) return encoder.encode(file.text);
  return read?.get(file.oid) ?? readBlobBytes({ ...repo, oid: file.oid });
}

/** Blob reads from the repository at once. */
const READS = 32;
/** Upload requests in flight at once: the next batch is read while one is sent. */
const UPLOADS = 2;

/**
 * Asks which of `oids` the service lacks and uploads those, batched: blobs are read from the
 * repository a few dozen at a time and sent while the next ones are read, at most
 * {@link UPLOADS} requests at once (so at most that many batches are held in memory).
 */
async function sendMissing(
  repo: RepoOptions,
  client: SyncClient,
  spaceId: string,
  byOid: ReadonlyMap<string, SyncFile>,
  oids: readonly string[],
  { onProgress, read }: Pick<UploadOptions, 'onProgress' | 'read'>,
): Promise<UploadResult> {
  const missing: string[] = [];
  for (let start = 0; start < oids.length; start += NEGOTIATE_BATCH) {
    const answer = await client.api.request('findMissingGitBlobs', {
      params: { spaceId },
      body: { oids: oids.slice(start, start + NEGOTIATE_BATCH) },
    });
    missing.push(...answer.missing);
  }
  const files = missing.flatMap((oid) => {
    const file = byOid.get(oid);
    return file === undefined ? [] : [file];
  });
  let bytes = 0;
  let done = 0;
  const inFlight = new Set<Promise<void>>();
  const send = async (batch: { oid: string; base64: string }[]) => {
    while (inFlight.size >= UPLOADS) await Promise.race(inFlight);
    const upload = client.api
      .request('uploadGitBlobs', { params: { spaceId }, body: { blobs: batch } })
      .then(() => {
        done += batch.length;
        onProgress?.({ phase: 'upload', done, total: missing.length, bytes });
      })
      .finally(() => inFlight.delete(upload));
    // Awaited below or by the race above; a failure before then is not an unhandled rejection.
    upload.catch(() => undefined);
    inFlight.add(upload);
  };
  const reads = new PQueue({ concurrency: READS });
  for (let start = 0; start < files.length; start += UPLOAD_BATCH) {
    const chunk = files.slice(start, start + UPLOAD_BATCH);
    const contents = await reads.addAll(chunk.map((file) => () => bytesOf(repo, file, read)));
    let batch: { oid: string; base64: string }[] = [];
    let batchBytes = 0;
    for (const [index, content] of contents.entries()) {
      if (batch.length > 0 && batchBytes + content.byteLength > UPLOAD_BYTES) {
        await send(batch);
        batch = [];
        batchBytes = 0;
      }
      batch.push({ oid: chunk[index]?.oid ?? '', base64: Buffer.from(content).toString('base64') });
      batchBytes += content.byteLength;
      bytes += content.byteLength;
    }
    if (batch.length > 0) await send(batch);
  }
  await Promise.all(inFlight);
  return { uploaded: missing.length, bytes };
}

/**
 * How long an import may take. The service converts and stores a whole tree in that one request,
 * which takes tens of seconds for thousands of pages on a busy server: the client's 30 s per
 * request would give up on imports that succeed (and the retry would do the work again).
 */
export const IMPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * Sends a tree into the space's main content, or into a change request: asks which blobs the
 * service lacks (all but the `known` ones), uploads only those (batched), then imports the tree
 * with its commit. The service leaves content already at the commit as it is, so a retried
 * import creates nothing. Should the service lack a `known` blob after all (the import answers
 * 400), every blob is negotiated and the import sent once more.
 */
export async function uploadTree(
  repo: RepoOptions,
  client: SyncClient,
  spaceId: string,
  tree: SyncTree,
  commit: UploadCommit,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const byOid = new Map([...tree.values()].map((file) => [file.oid, file]));
  const oids = [...byOid.keys()];
  const { known } = options;
  const asked = known === undefined ? oids : oids.filter((oid) => !known.has(oid));
  const sent = await sendMissing(repo, client, spaceId, byOid, asked, options);
  const common = {
    commit: {
      oid: commit.oid,
      message: commit.message,
      ref: commit.ref,
      ...(commit.author === undefined ? {} : { author: commit.author }),
    },
    ...(options.changeRequest === undefined ? {} : { changeRequest: options.changeRequest }),
    ...(options.changeRequest === undefined || options.mainRevision === undefined
      ? {}
      : { mainRevision: options.mainRevision }),
  };
  const importWhole = () =>
    client.api.request('importGitRepository', {
      params: { spaceId },
      timeoutMs: IMPORT_TIMEOUT_MS,
      body: {
        tree: [...tree.values()].map((file) => ({ path: file.path, oid: file.oid })),
        ...common,
      },
    });
  const { base } = options;
  const importTree = async (): Promise<void> => {
    if (base === undefined) {
      await importWhole();
      return;
    }
    const changes = diffTrees(base.tree, tree).map((change) => {
      const oid = tree.get(change.path)?.oid;
      return oid === undefined ? { path: change.path } : { path: change.path, oid };
    });
    try {
      await client.api.request('importGitRepository', {
        params: { spaceId },
        timeoutMs: IMPORT_TIMEOUT_MS,
        body: { base: base.commit, changes, ...common },
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      await importWhole();
    }
  };
  try {
    await importTree();
  } catch (error) {
    if (!(error instanceof BadRequestError) || asked.length === oids.length) throw error;
    const skipped = oids.filter((oid) => known?.has(oid) === true);
    const more = await sendMissing(repo, client, spaceId, byOid, skipped, options);
    await importTree();
    return { uploaded: sent.uploaded + more.uploaded, bytes: sent.bytes + more.bytes };
  }
  return sent;
}

/**
 * Blob ids the service holds for sure: the files of the base (a state it saw) and of `more`
 * commits it imported (such as a change request's), as far as this repository has them. A push
 * negotiates only the rest, so it asks about what changed rather than about every file.
 */
export async function knownBlobs(
  state: SyncState,
  more: readonly string[] = [],
): Promise<Set<string>> {
  const known = new Set<string>();
  const add = (tree: SyncTree | undefined) => {
    for (const file of tree?.values() ?? []) known.add(file.oid);
  };
  add(state.base);
  for (const oid of more) if (oid !== state.baseCommit) add(await state.trees.ifPresent(oid));
  return known;
}
