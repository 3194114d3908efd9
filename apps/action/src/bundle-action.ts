import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The action's directory: paths in the bundle are relative to it, wherever it is built from. */
const actionDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles the runner entry (`src/index.ts`, through the workspace packages' built `dist/`) into
 * one ES module for `node24`, as `dist/index.js` is committed. Deterministic: the same sources
 * give the same bytes, which the drift test relies on.
 */
export async function bundleAction(outfile: string): Promise<void> {
  await build({
    absWorkingDir: actionDir,
    entryPoints: ['src/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies (isomorphic-git's) call `require` for Node's modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    outfile,
  });
}

if (import.meta.main) await bundleAction(process.argv[2] ?? 'dist/index.js');
