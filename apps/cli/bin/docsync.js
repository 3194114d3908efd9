#!/usr/bin/env node
// The installed `docsync` command. It exists before the TypeScript build so that npm can link it
// at install time; the program itself is dist/bin.js, compiled from src/bin.ts.
import { requireNode } from '@docsync/daemon/require-node';

// The repository's package.json holds engines.node (the packed CLI's own package.json does).
requireNode('docsync', new URL('../../../package.json', import.meta.url));
try {
  await import('../dist/bin.js');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/bin.js')) {
    process.stderr.write('docsync: apps/cli is not built yet; run `npm run build` first.\n');
    process.exit(1);
  }
  throw error;
}
