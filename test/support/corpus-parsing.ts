/**
 * The parse budget of a server that takes in a whole real corpus at once (the e2e corpus tests).
 * The server's default, 10 s from asking to the parse with the queue included, is meant for one
 * client's pages; a corpus of hundreds of pages queues them all at once on two parse threads, and
 * beside other test files on a loaded 2-core machine the last of them waited past 10 s (questdb's
 * and nso-docs's imports failed with "took longer than 10000 ms to convert" at load average 8).
 * The budget itself is tested with pages that exceed it (apps/server/src/parsing/); these tests
 * are about what the corpora convert to, so they give the queue two minutes.
 */
export const CORPUS_PARSING = { timeMs: 120_000 } as const;
