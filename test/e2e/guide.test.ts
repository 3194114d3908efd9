/**
 * docs/guide, run as written (issue 30): every command of every page, in order, in one shell in
 * an empty directory, with docsync on the PATH, on SQLite and on PostgreSQL; each must exit 0 and
 * print what the page shows. The service the guide starts listens on a free port rather than
 * 8080 (the guide's 8080 is replaced in commands and output alike; so are the daemon's 8079 and
 * a second instance's 8078). Pages marked as needing PostgreSQL run on PostgreSQL only.
 */
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testDialects } from '@docsync/server/testing';
import { makeTempDir } from '@docsync/test-utils';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  guideScript,
  matchesShown,
  readGuide,
  splitOutput,
  type GuideStep,
} from '../support/guide-walkthrough.ts';
import { inSchema } from '../support/serve-process.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = process.env['DATABASE_URL'];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The guide's ports (the service's, the daemon's, a second instance's) and free ones for them. */
async function freePorts(): Promise<Map<string, string>> {
  const ports = new Map<string, string>();
  for (const port of ['8080', '8079', '8078']) ports.set(port, String(await freePort()));
  return ports;
}

/** The guide's steps with its ports replaced by free ones, in commands and output alike. */
function onPorts(steps: readonly GuideStep[], ports: ReadonlyMap<string, string>): GuideStep[] {
  const swap = (text: string) =>
    [...ports].reduce((done, [port, free]) => done.replaceAll(port, free), text);
  return steps.map((step) => ({
    ...step,
    command: swap(step.command),
    output: step.output.map(swap),
  }));
}

describe.each(testDialects)('the guide (docs/guide), followed on $dialect', ({ dialect, skip }) => {
  it.skipIf(skip)(
    'runs every command, and each prints what the guide shows',
    async () => {
      // Pages that need PostgreSQL (several instances on one database) run on it only.
      const steps = onPorts(
        (await readGuide(`${root}docs/guide`)).filter(
          (step) => dialect === 'postgres' || !step.postgres,
        ),
        await freePorts(),
      );
      const dir = await makeTempDir('guide');
      const schema = `guide_${String(process.pid)}_${String(Date.now())}`;
      const env: NodeJS.ProcessEnv = {
        PATH: [dirname(process.execPath), `${root}node_modules/.bin`, process.env['PATH']].join(
          delimiter,
        ),
        HOME: dir.path,
        LANG: 'C.UTF-8',
      };
      if (dialect === 'postgres') {
        await adminQuery(`CREATE SCHEMA "${schema}"`);
        env['DATABASE_URL'] = inSchema(databaseUrl ?? '', schema);
      }
      try {
        const { stdout } = await run('bash', ['-c', guideScript(steps)], {
          cwd: dir.path,
          env,
          maxBuffer: 16 * 1024 * 1024,
          timeout: 300_000,
        });
        const results = splitOutput(stdout);
        // GUIDE_PRINT=1: each command's output, to write into a page.
        if (process.env['GUIDE_PRINT'] === '1')
          steps.forEach((step, i) => {
            console.log(`$ ${step.command}\n${results[i]?.lines.join('\n') ?? ''}`);
          });
        const wrong = steps.flatMap((step, i) => {
          const result = results[i] ?? {
            lines: ['(the walkthrough stopped before this step)'],
            code: -1,
          };
          if (result.code === 0 && matchesShown(step.output, result.lines)) return [];
          return [
            `${step.page}:${String(step.line)}: \`${step.command}\` exited ${String(result.code)} and printed:\n` +
              `${result.lines.join('\n')}\n--- the guide shows:\n${step.output.join('\n')}`,
          ];
        });
        expect(wrong).toEqual([]);
      } finally {
        await dir.remove();
        if (dialect === 'postgres') await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }
    },
    330_000,
  );
});
