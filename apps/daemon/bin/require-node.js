// Loaded before anything else by each installed command (`docsync`, `docsync-daemon`): on a
// Node.js older than the package's `engines.node`, the command says which version it needs and
// exits 2, instead of failing later with a stack trace (`node:sqlite` is missing, …).
import { readFileSync } from 'node:fs';
import semver from 'semver';

/**
 * Returns when this Node.js satisfies `engines.node` of the package.json at `packageJsonUrl`;
 * otherwise writes one line naming the command, the version it needs and the one running, and
 * exits 2 (a usage error: the command was started the wrong way).
 */
export function requireNode(command, packageJsonUrl) {
  const wanted = JSON.parse(readFileSync(packageJsonUrl, 'utf8')).engines.node;
  if (semver.satisfies(process.versions.node, wanted)) return;
  process.stderr.write(
    `${command}: needs Node.js ${wanted}, but this is Node.js ${process.version} ` +
      `(${process.execPath}); install Node.js ${semver.minVersion(wanted)} or newer ` +
      `(https://nodejs.org) and run it with that\n`,
  );
  process.exit(2);
}
