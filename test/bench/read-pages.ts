/**
 * A reader of pages, run by `sync.bench.ts` in a process of its own: reads each page once,
 * sequentially, with plain `fetch` (`GET /v1/spaces/{spaceId}/content/page/{pageId}?format=…`),
 * after reading the space a few times (see below), and prints the time of every read in
 * milliseconds as JSON on standard output. What it measures is what a reader (a browser, an
 * editor) waits for; the benchmark's own process, which holds the generated repository and has
 * just pushed it, would add its collector's pauses to the figures.
 *
 * Input, as JSON on standard input: `{ baseUrl, token, spaceId, reads: [{ pageId, format }] }`.
 * Every answer must be 200, or the reader fails (exit 1) naming the page.
 */
import { text } from 'node:stream/consumers';

interface ReadRequest {
  baseUrl: string;
  token: string;
  spaceId: string;
  reads: { pageId: string; format: 'markdown' | 'document' }[];
}

const request = JSON.parse(await text(process.stdin)) as ReadRequest;
const headers = { authorization: `Bearer ${request.token}` };
// A new process's first requests set up fetch and its connection and compile the code on the way:
// read the space itself a few times first, so the pages' figures are the service's, not that.
for (let warm = 0; warm < 20; warm++)
  await (await fetch(`${request.baseUrl}/v1/spaces/${request.spaceId}`, { headers })).arrayBuffer();
const times: number[] = [];
for (const { pageId, format } of request.reads) {
  const url = `${request.baseUrl}/v1/spaces/${request.spaceId}/content/page/${pageId}?format=${format}`;
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  times.push(performance.now() - start);
  if (response.status !== 200) {
    console.error(`reading page ${pageId} as ${format}: ${String(response.status)}`);
    process.exit(1);
  }
}
process.stdout.write(JSON.stringify(times));
