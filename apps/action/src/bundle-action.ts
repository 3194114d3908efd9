import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The action's directory: paths in the bundle are relative to it, wherever it is built from. */
const actionDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * `@actions/core` imports its OIDC helper, which imports `@actions/http-client` and through it
 * undici (0.8 MB, run at start); the action never asks for an OIDC token. Read as free of side
 * effects, `@actions/http-client` is left out with everything behind it. (The workspace
 * packages say so themselves: `"sideEffects": false` in their package.json, which is what
 * leaves the markdown converter, the importers and YAML behind `@docsync/core`'s index out.)
 */
const unusedToolkit: Plugin = {
  name: 'unused-toolkit',
  setup(build) {
    build.onResolve({ filter: /^@actions\/http-client$/ }, async (args) => {
      if (args.pluginData === unusedToolkit) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: unusedToolkit,
      });
      return resolved.errors.length > 0 ? resolved : { ...resolved, sideEffects: false };
    });
  },
};

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
    plugins: [unusedToolkit],
    outfile,
  });
}

if (import.meta.main) await bundleAction(process.argv[2] ?? 'dist/index.js');
