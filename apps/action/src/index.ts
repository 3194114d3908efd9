// First: it sets how V8 sizes the heap before the other modules allocate.
import './young-generation.js';
import * as fs from 'node:fs';
import * as core from '@actions/core';
import { runAction } from './run-action.js';

// The runner's entry: everything else takes its I/O as arguments.
await runAction(process.env, {
  fs,
  fetch: globalThis.fetch,
  now: () => new Date(),
  log: (line) => {
    core.info(line);
  },
});
