import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile, type Plugin } from 'esbuild';

const run = promisify(execFile);
const cliDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = resolve(cliDir, '../..');

interface PackageJson {
  name: string;
  version: string;
  description?: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const readJson = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

/** The installed commands: each a bundle of our packages, behind the Node.js version check. */
const commands = {
  docsync: 'apps/cli/src/bin.ts',
  'docsync-daemon': 'apps/daemon/src/bin.ts',
};

/** Our workspace packages are bundled; any other package a bundle imports is a dependency. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@docsync/') || isBuiltin(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** `pino/file` → `pino`, `@aws-sdk/client-s3` → itself. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The packages the bundles import, with the ranges our workspace packages declare for them. */
async function dependenciesOf(metafile: Metafile, alsoImported: string[]) {
  const imported = new Set(alsoImported);
  for (const output of Object.values(metafile.outputs))
    for (const entry of output.imports)
      if (entry.external && !isBuiltin(entry.path)) imported.add(packageName(entry.path));
  const declared = new Map<string, { range: string; by: string }>();
  for (const folder of ['apps', 'packages'])
    for (const name of await readdir(join(rootDir, folder))) {
      const pkg = await readJson<PackageJson>(join(rootDir, folder, name, 'package.json'));
      for (const [dep, range] of Object.entries(pkg.dependencies ?? {})) {
        const earlier = declared.get(dep);
        if (earlier !== undefined && earlier.range !== range && imported.has(dep))
          throw new Error(
            `${dep} is wanted as ${earlier.range} by ${earlier.by} and as ${range} by ${pkg.name}: make them one range`,
          );
        declared.set(dep, { range, by: pkg.name });
      }
    }
  const dependencies: Record<string, string> = {};
  for (const name of [...imported].sort()) {
    const range = declared.get(name)?.range;
    if (range === undefined)
      throw new Error(
        `the bundle imports ${name}, which no workspace package lists in dependencies`,
      );
    dependencies[name] = range;
  }
  return dependencies;
}

const binScript = (command: string) => `#!/usr/bin/env node
import { requireNode } from './require-node.js';

requireNode('${command}', new URL('../package.json', import.meta.url));
await import('../dist/${command}.js');
`;

/**
 * Packs the `docsync` command as a package that installs anywhere (`npm install -g <tarball>`):
 * `docsync` and `docsync-daemon` bundled with our workspace packages by esbuild, the packages
 * they import declared as dependencies at the ranges the workspace declares (npm installs them
 * with the package). Returns the tarball's path.
 */
export async function packCli(destination: string): Promise<string> {
  const stage = await mkdtemp(join(tmpdir(), 'docsync-pack-'));
  try {
    const result = await build({
      absWorkingDir: rootDir,
      entryPoints: {
        ...commands,
        // The server parses markdown in worker threads: next to the bundle that starts them.
        'parse-worker': 'apps/server/src/parsing/parse-worker.ts',
      },
      outdir: join(stage, 'dist'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
      plugins: [externalPackages],
    });
    const cli = await readJson<PackageJson>(join(cliDir, 'package.json'));
    const root = await readJson<PackageJson>(join(rootDir, 'package.json'));
    const dependencies = await dependenciesOf(result.metafile, ['semver']);
    const manifest = {
      name: cli.name,
      version: cli.version,
      description: cli.description,
      license: root.license,
      type: 'module',
      bin: Object.fromEntries(Object.keys(commands).map((name) => [name, `bin/${name}.js`])),
      files: ['bin', 'dist'],
      // The workspace packages are never installed on their own: the repository's engines are theirs.
      engines: root.engines,
      dependencies,
    };
    await writeFile(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(join(stage, 'bin'));
    await copyFile(
      join(rootDir, 'apps/daemon/bin/require-node.js'),
      join(stage, 'bin/require-node.js'),
    );
    for (const name of Object.keys(commands))
      await writeFile(join(stage, 'bin', `${name}.js`), binScript(name), { mode: 0o755 });
    await copyFile(join(cliDir, 'README.md'), join(stage, 'README.md'));
    const packed = await run(
      'npm',
      ['pack', '--json', '--pack-destination', resolve(destination)],
      { cwd: stage },
    );
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    return join(resolve(destination), filename);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

if (import.meta.main) process.stdout.write(`${await packCli(process.argv[2] ?? '.')}\n`);
