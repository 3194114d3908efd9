// Writes packages/api/openapi.json from the route table (`npm run generate -w @docsync/api`).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderOpenApiJson } from './openapi.js';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
await writeFile(target, renderOpenApiJson());
console.log(`Wrote ${target}`);
