import type { Diagnostic, TreeFile } from '@docsync/core';

/** A docs tree read as sync reads it and written back in canonical form. */
export interface CanonicalTree {
  /** Every problem found, with paths relative to the tree. */
  diagnostics: Diagnostic[];
  /** The canonical tree's files. */
  files: TreeFile[];
  /** Files sync does not import (not in a SUMMARY.md, or in no space docs.yaml maps). */
  unlisted: string[];
}

/**
 * Reads a tree as one space, or, when it has a `docs.yaml`, as one space per mapped directory,
 * and writes it back as sync would.
 */
export async function canonicalTree(files: readonly TreeFile[]): Promise<CanonicalTree> {
  const { treeToRevision, revisionToTree, treeToSiteRevisions, siteRevisionsToTree } =
    await import('@docsync/core');
  const site = treeToSiteRevisions(files);
  if (site === undefined) {
    const read = treeToRevision(files);
    const written = revisionToTree(read.content, { config: read.config });
    return {
      diagnostics: [...read.diagnostics, ...written.diagnostics],
      files: written.files,
      unlisted: read.unlisted,
    };
  }
  const inSpace = (directory: string, path: string) =>
    directory === '' ? path : `${directory}/${path}`;
  const diagnostics: Diagnostic[] = [...site.diagnostics];
  const unlisted = [...site.unmapped];
  for (const { space, result } of site.spaces) {
    for (const d of result.diagnostics) {
      diagnostics.push({ ...d, path: inSpace(space.directory, d.path ?? '.') });
    }
    unlisted.push(...result.unlisted.map((path) => inSpace(space.directory, path)));
  }
  const configFile = files.find((file) => file.path === site.configPath) as TreeFile;
  const written = siteRevisionsToTree(
    configFile,
    site.spaces.map(({ space, result }) => ({
      directory: space.directory,
      content: result.content,
      config: result.config,
    })),
  );
  diagnostics.push(...written.diagnostics);
  return { diagnostics, files: written.files, unlisted: unlisted.sort() };
}
