// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * packages/core is pure: data in, data out. These lists are what "no fs, no network, no clock,
 * no env" means in code, and the lint rule below enforces them on that folder only.
 */
const impureModules = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'tls',
  'child_process',
  'worker_threads',
  'cluster',
  'os',
  'process',
  'timers',
  'timers/promises',
  'perf_hooks',
];
const impureImportPaths = impureModules.flatMap((name) => [
  { name, message: 'packages/core is pure: pass data in, do I/O in an adapter or app.' },
  {
    name: `node:${name}`,
    message: 'packages/core is pure: pass data in, do I/O in an adapter or app.',
  },
]);
const impureGlobals = [
  'process',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'performance',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'Bun',
  'Deno',
].map((name) => ({
  name,
  message: `packages/core is pure: \`${name}\` reaches the network, the clock or the environment.`,
}));

/**
 * Which of the project's packages each folder's sources may import: docs/architecture.md's
 * table. Packages never import apps, and nothing imports sideways or upward. Tests and test
 * support (`*.test.ts`, `src/testing/`) may also import `@docsync/test-utils`, and those of apps
 * any package and the server's test harness (`@docsync/server/testing`).
 */
export const layers = {
  'packages/core': [],
  'packages/api': [],
  'packages/git': ['core'],
  'packages/client': ['api'],
  'packages/sync': ['core', 'api', 'git', 'client'],
  'apps/server': ['core', 'api'],
  'apps/daemon': ['sync', 'git'],
  'apps/action': ['sync', 'git'],
  'apps/cli': ['sync', 'core', 'api', 'client', 'git', 'daemon', 'server'],
};
const PACKAGES = ['core', 'api', 'git', 'client', 'sync'];

/** `no-restricted-imports` patterns that allow `allowed` of ours and nothing else of ours. */
function layerPatterns(folder, allowed) {
  const names = allowed.map((name) => name.replace('/', '\\/')).join('|');
  return [
    {
      regex: allowed.length === 0 ? '^@docsync\\/' : `^@docsync\\/(?!(${names})(\\/|$))`,
      message: `${folder} may import ${allowed.length === 0 ? 'none of the project’s packages' : allowed.map((name) => `@docsync/${name}`).join(', ')} (docs/architecture.md): packages never import apps, nothing imports sideways or upward.`,
    },
    ...(folder === 'packages/git'
      ? []
      : [
          {
            regex: '^isomorphic-git$',
            message:
              'git is reached through @docsync/git (its adapter), never isomorphic-git directly.',
          },
        ]),
    {
      regex: '^(\\.\\./)+(apps|packages)/',
      message: 'import another package or app by its name (@docsync/…), never by a relative path.',
    },
  ];
}

function layerBlocks() {
  return Object.entries(layers).flatMap(([folder, allowed]) => {
    const isApp = folder.startsWith('apps/');
    const testAllowed = isApp
      ? [...new Set([...allowed, ...PACKAGES, 'test-utils', 'server/testing'])]
      : [...allowed, 'test-utils'];
    // packages/core's sources are also pure: its rule keeps the list of impure modules.
    const paths = folder === 'packages/core' ? { paths: impureImportPaths } : {};
    return [
      {
        files: [`${folder}/src/**/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            { ...paths, patterns: layerPatterns(folder, allowed) },
          ],
        },
      },
      {
        files: [`${folder}/src/**/*.test.ts`, `${folder}/src/testing/**/*.ts`],
        rules: {
          'no-restricted-imports': ['error', { patterns: layerPatterns(folder, testAllowed) }],
        },
      },
    ];
  });
}

export const coreRules = {
  'no-restricted-imports': [
    'error',
    { paths: impureImportPaths, patterns: layerPatterns('packages/core', []) },
  ],
  'no-restricted-globals': ['error', ...impureGlobals],
  'no-restricted-syntax': [
    'error',
    {
      selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
      message: 'packages/core is pure: take the time as an argument instead of reading the clock.',
    },
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'packages/core is pure: take the time as an argument instead of reading the clock.',
    },
    {
      selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
      message: 'packages/core is pure and deterministic: derive ids from the input instead.',
    },
    {
      selector: 'ImportExpression',
      message: 'packages/core is pure: no dynamic imports.',
    },
  ],
};

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      'apps/action/lib/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/fixtures/**',
      '.turbo/**',
      // Hand-written types of this file's exports, for the tests of its rules.
      'eslint.config.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true } }],
    },
  },
  ...layerBlocks(),
  {
    files: ['packages/core/src/**/*.ts'],
    // Tests, and the test support that reads the corpora from disk, are not the shipped core.
    ignores: ['packages/core/src/**/*.test.ts', 'packages/core/src/testing/read-corpus.ts'],
    rules: coreRules,
  },
  {
    // Plain JavaScript (this file, the bin wrappers) is linted without type information.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.config.ts', '**/*.config.js', 'eslint.config.js'],
    rules: { 'no-restricted-exports': 'off' },
  },
);
