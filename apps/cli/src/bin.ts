import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { text as readAll } from 'node:stream/consumers';
import { runCli } from './run-cli.js';

// `docsync serve` runs until interrupted; the first signal asks it to stop cleanly.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop.abort();
  });
}
// A reader that stops early (`docsync … | head`) closes the pipe: that ends the output, not
// with a stack trace. The exit code is the usual one for a process whose pipe closed.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(141);
});
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
process.exitCode = await runCli(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY,
    stderrIsTTY: process.stderr.isTTY,
    readFile: (path) => fs.readFile(path, 'utf8'),
    fs,
    readStdin: () => readAll(process.stdin),
    cwd: process.cwd(),
    env: process.env,
    stop: stop.signal,
  },
  pkg.version,
);
