/** What running a configuration module gave: its exported value as JSON, or why it failed. */
export type EvaluatedModule = { value: unknown } | { error: string };

/**
 * Runs a configuration module of the imported tree (a path from the tree's root) and returns its
 * default export. Core never runs code itself: the caller supplies this (the CLI runs the file in a
 * child process with a timeout and no network), or leaves it out to read configuration as
 * literals only.
 */
export type EvaluateModule = (path: string) => EvaluatedModule;
