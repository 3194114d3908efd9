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

export const coreRules = {
  'no-restricted-imports': ['error', { paths: impureImportPaths }],
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
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.config.ts', '**/*.config.js', 'eslint.config.js'],
    rules: { 'no-restricted-exports': 'off' },
  },
);
