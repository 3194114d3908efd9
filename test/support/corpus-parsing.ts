/**
 * The parse budget of a server that takes in a whole real corpus at once (the e2e corpus tests).
 * The server's default is 10 s of a worker's processor time per page, and at most 6× that in
 * wall time. The workers run at nice 10, so beside other test files on a loaded 2-core machine
 * they get a small share of a core, and a long page of a corpus can take many times its own
 * parse time in wall time (before the budget stopped counting the wait for a worker, questdb's
 * and nso-docs's imports failed with "took longer than 10000 ms to convert" at load average 8).
 * The budget itself is tested with pages that exceed it (apps/server/src/parsing/); these tests
 * are about what the corpora convert to, so they give each page two minutes.
 */
export const CORPUS_PARSING = { timeMs: 120_000 } as const;
