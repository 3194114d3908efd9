import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { EvaluateModule } from '@docsync/core';

/**
 * What the child process runs: hooks that let a site's configuration load as Docusaurus loads it
 * (extensionless relative imports, TypeScript, `require` in ES modules), a stand-in for each npm
 * package that is not installed which throws the moment it is used (so a type-only import costs
 * nothing and a real use is a clear error), the network shut, then the module's default export
 * written as JSON to fd 3. Paths under the module's folder become relative (`./sidebars.ts`).
 */
const childSource = String.raw`
const { registerHooks, createRequire } = await import('node:module');
const fs = await import('node:fs');
const net = (await import('node:net')).default;
const dns = (await import('node:dns')).default;
const { pathToFileURL, fileURLToPath } = await import('node:url');
const path = await import('node:path');
const [entry] = process.argv.slice(1);
const refuse = () => { throw new Error('configuration files may not use the network during an import'); };
net.Socket.prototype.connect = refuse;
dns.lookup = refuse;
dns.promises.lookup = refuse;
globalThis.fetch = refuse;
const missing = (name) =>
  new Proxy(function () {}, {
    get: (_, key) => (key === Symbol.toPrimitive || key === 'then' ? undefined : fail()),
    apply: () => fail(), construct: () => fail(), ownKeys: () => fail(), has: () => fail(),
  });
function fail() { throw new Error('it needs npm packages that are not installed (' + [...needed].join(', ') + ')'); }
const needed = new Set();
globalThis.__docsyncMissing = missing;
const namesImported = (parentUrl, specifier) => {
  try {
    const source = fs.readFileSync(fileURLToPath(parentUrl), 'utf8');
    const quoted = specifier.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
    const names = new Set();
    const re = new RegExp('import\\s+(?!type\\s)([\\s\\S]*?)\\s+from\\s+["\']' + quoted + '["\']', 'g');
    for (const match of source.matchAll(re)) {
      const braces = /\{([\s\S]*)\}/.exec(match[1]);
      for (const part of (braces ? braces[1] : '').split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
        if (/^[A-Za-z_$][\w$]*$/.test(name)) names.add(name);
      }
    }
    return [...names];
  } catch { return []; }
};
const extensions = ['', '.ts', '.js', '.mjs', '.cjs', '.mts', '.cts', '.json', '/index.ts', '/index.js'];
registerHooks({
  resolve(specifier, context, nextResolve) {
    if ((specifier.startsWith('.') || specifier.startsWith('/')) && context.parentURL?.startsWith('file:')) {
      const base = path.resolve(path.dirname(fileURLToPath(context.parentURL)), specifier);
      for (const extension of extensions) {
        const candidate = base + extension;
        try { if (fs.statSync(candidate).isFile()) return { url: pathToFileURL(candidate).href, shortCircuit: true }; } catch {}
      }
    }
    try { return nextResolve(specifier, context); }
    catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' && error?.code !== 'MODULE_NOT_FOUND') throw error;
      if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) throw error;
      needed.add(specifier);
      const names = context.parentURL ? namesImported(context.parentURL, specifier) : [];
      return { url: 'docsync-missing:' + encodeURIComponent(specifier) + '?' + names.join(','), shortCircuit: true };
    }
  },
  load(url, context, nextLoad) {
    if (url.startsWith('docsync-missing:')) {
      const [spec, names] = url.slice('docsync-missing:'.length).split('?');
      const name = JSON.stringify(decodeURIComponent(spec));
      const isRequire = context.conditions?.includes('require');
      const source = isRequire
        ? 'module.exports = globalThis.__docsyncMissing(' + name + ');'
        : 'const m = globalThis.__docsyncMissing(' + name + '); export default m;' +
          (names ? names.split(',').map((n) => 'export const ' + n + ' = m;').join('') : '');
      return { format: isRequire ? 'commonjs' : 'module', source, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});
globalThis.require = createRequire(entry);
globalThis.__dirname = path.dirname(entry);
globalThis.__filename = entry;
const loaded = await import(pathToFileURL(entry).href);
let value = loaded.default ?? loaded['module.exports'] ?? loaded;
if (typeof value === 'function') value = await value();
value = await value;
const dir = path.dirname(entry);
const json = JSON.stringify(value, (_, v) =>
  typeof v === 'string' && v.startsWith(dir + path.sep) ? './' + path.relative(dir, v).split(path.sep).join('/') : v,
);
if (json === undefined) throw new Error('the module exports nothing');
fs.writeSync(3, json);
`;

/** How long a configuration file may run before the import gives up on it. */
const defaultTimeoutMs = 10_000;

/**
 * Runs configuration files of the site at `root` as the site's tool would, each in its own child
 * process of this Node: a timeout, an environment without proxies or secrets, Node's permission
 * model (reads inside `root` only, no child processes or workers, no writes) and the network
 * refused. Returns the module's default export, or why it could not be run.
 */
export function childProcessEvaluator(
  root: string,
  options: { timeoutMs?: number } = {},
): EvaluateModule {
  return (path) => {
    const entry = join(root, path);
    const result = spawnSync(
      process.execPath,
      [
        '--permission',
        `--allow-fs-read=${root}`,
        '--experimental-transform-types',
        '--no-warnings',
        '--input-type=module',
        '--eval',
        childSource,
        entry,
      ],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
        timeout: options.timeoutMs ?? defaultTimeoutMs,
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (result.error !== undefined)
      return {
        error:
          (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT'
            ? `it ran longer than ${String((options.timeoutMs ?? defaultTimeoutMs) / 1000)} s`
            : result.error.message,
      };
    const output = result.output[3]?.toString() ?? '';
    if (result.status !== 0 || output === '') {
      const stderr = result.stderr.toString();
      const message =
        /^(?:\w*Error|Error \[\w+\]): (.*)$/m.exec(stderr)?.[1] ??
        stderr.trim().split('\n').pop() ??
        `exit ${String(result.status)}`;
      return { error: message.slice(0, 300) };
    }
    try {
      return { value: JSON.parse(output) as unknown };
    } catch (error) {
      return { error: `its export is not JSON (${(error as Error).message})` };
    }
  };
}
