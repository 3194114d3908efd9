import type { Diagnostic } from '../diagnostic.js';
import type { RevisionPage } from '../model/revision.js';
import type { GitbookConfig } from './gitbook-config.js';
import { joinPath } from './paths.js';
import { flattenPages } from './flatten-pages.js';

/**
 * Checks `.gitbook.yaml` redirects against the pages read: a target must be a page's file
 * (relative to the root), and a redirect from a path where a page exists never fires (GitBook
 * only redirects when no page answers). Both are reported, neither is changed.
 */
export function checkRedirects(
  config: GitbookConfig,
  pageFiles: ReadonlySet<string>,
  pages: readonly RevisionPage[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const pagePaths = new Set(
    flattenPages(pages).flatMap((page) => ('path' in page ? [page.path] : [])),
  );
  for (const [from, to] of Object.entries(config.redirects)) {
    const target = joinPath(config.root, to);
    if (target === undefined || !pageFiles.has(target)) {
      diagnostics.push({
        path: '.gitbook.yaml',
        ruleId: 'redirect-target',
        severity: 'warning',
        message: `the redirect \`${from}\` points to \`${to}\`, which is not a page of this space`,
      });
    }
    if (pagePaths.has(from.replace(/^\/+|\/+$/g, ''))) {
      diagnostics.push({
        path: '.gitbook.yaml',
        ruleId: 'redirect-shadowed',
        severity: 'info',
        message: `the redirect \`${from}\` never fires: a page exists at that path`,
      });
    }
  }
  return diagnostics;
}
