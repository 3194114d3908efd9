import * as fs from 'node:fs';
import { runAction } from './run-action.js';

// The runner's entry: everything else takes its I/O as arguments.
process.exitCode = await runAction(process.env, {
  fs,
  fetch: globalThis.fetch,
  now: () => new Date(),
  log: (line) => {
    process.stdout.write(`${line}\n`);
  },
  appendFile: (path, text) => {
    fs.appendFileSync(path, text);
  },
});
