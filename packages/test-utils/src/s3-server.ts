import S3rver from 's3rver';
import { makeTempDir } from './temp-dir.js';

/** A real S3-compatible server on loopback for a test, and what a client needs to reach it. */
export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: an endpoint for path-style requests. */
  readonly endpoint: string;
  /** The buckets created at start, in the order asked for. */
  readonly buckets: readonly string[];
  /** The keys it accepts: a request signed with another access key id gets 403. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Stops the server and removes what it stored. */
  close(): Promise<void>;
}

/**
 * Starts s3rver (S3's REST API in Node over a directory; it checks the access key id of a
 * request, not its V4 signature) in this process on a free port, with `buckets` created,
 * storing in a temporary directory.
 */
export async function startS3Server(buckets: readonly string[]): Promise<S3TestServer> {
  const dir = await makeTempDir('s3');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir.path,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  try {
    const { port } = await server.run();
    return {
      endpoint: `http://127.0.0.1:${String(port)}`,
      buckets,
      // s3rver's fixed pair.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      close: async () => {
        await server.close();
        await dir.remove();
      },
    };
  } catch (error) {
    await dir.remove();
    throw error;
  }
}
