import { createClient, type ApiClient, type ClientOptions } from '../api-client.js';
import type { StandInServer } from './stand-in-server.js';

/** The token every test client sends; tests check that no error ever carries it. */
export const TEST_TOKEN = 'gb_api_secret-token-that-must-never-leak';

/** A client for a stand-in server, and the waits it asked for instead of sleeping. */
export interface TestClient {
  readonly client: ApiClient;
  /** Every delay the client asked `sleep` for, in order; nothing actually waits. */
  readonly sleeps: number[];
}

/**
 * A client whose `sleep` records the delay and returns at once, and whose jitter is fixed at
 * the top of its range, so backoff delays are exact: 100, 200, 400 ms, ... capped at 1000.
 */
export function testClient(
  server: Pick<StandInServer, 'baseUrl'>,
  options: Partial<ClientOptions> = {},
): TestClient {
  const sleeps: number[] = [];
  const client = createClient({
    baseUrl: server.baseUrl,
    token: TEST_TOKEN,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 1,
    ...options,
    retry: { baseDelayMs: 100, maxDelayMs: 1000, ...options.retry },
  });
  return { client, sleeps };
}
