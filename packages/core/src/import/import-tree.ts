import type { TreeFile } from '../tree/tree-file.js';
import { importDocusaurus } from './docusaurus/import-docusaurus.js';
import { importGitbook } from './gitbook/import-gitbook.js';
import { importMarkdown } from './markdown/import-markdown.js';
import { importMkdocs } from './mkdocs/import-mkdocs.js';
import type { EvaluateModule } from './shared/evaluate-module.js';
import type { ImportTreeResult } from './shared/import-result.js';

/** The tools a tree can be imported from. */
export type ImportSource = 'gitbook' | 'docusaurus' | 'mkdocs' | 'markdown';

/** Options for {@link importTree}. */
export interface ImportTreeOptions {
  /** The tool the tree was written for. */
  from: ImportSource;
  /**
   * The tree, relative to the site or docs directory: markdown, YAML, JSON and JavaScript files
   * with their `text`, assets with their blob id and size only.
   */
  files: readonly TreeFile[];
  /** Namespace for ids (a space or organization id): the same tree gives the same ids. */
  idNamespace?: string;
  /** GitBook monorepos: the project directory's path from the repository root (`docs.yaml`). */
  projectDir?: string;
  /**
   * Runs a configuration file the importer cannot read as literals (a `sidebars.js` with
   * `require()`, a `docusaurus.config.ts` computing its options). Without it, such files are read
   * statically only and what cannot be read is a diagnostic.
   */
  evaluate?: EvaluateModule;
  /**
   * The source site's URL (`https://example.com`), when its configuration does not give it as a
   * literal: links to the site's routes the tree does not hold (a blog, other pages) become links
   * there. Docusaurus only; it overrides the configuration's `url`.
   */
  siteUrl?: string;
}

/**
 * Imports documentation written for another tool as revision content: pages in a hierarchy,
 * each body converted to a document (admonitions → hints, tabs → tabs, what has no equivalent
 * kept verbatim with a diagnostic), relative links and images resolved to page and file refs, and
 * an inventory line for every source file. Pure and deterministic; never throws on bad input.
 */
export function importTree(options: ImportTreeOptions): ImportTreeResult {
  const idNamespace = options.idNamespace ?? '';
  switch (options.from) {
    case 'gitbook':
      return importGitbook(options.files, {
        idNamespace,
        ...(options.projectDir === undefined ? {} : { projectDir: options.projectDir }),
      });
    case 'docusaurus':
      return importDocusaurus(options.files, {
        idNamespace,
        ...(options.evaluate === undefined ? {} : { evaluate: options.evaluate }),
        ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
      });
    case 'mkdocs':
      return importMkdocs(options.files, { idNamespace });
    case 'markdown':
      return importMarkdown(options.files, { idNamespace });
    default: {
      // A caller without types may pass anything: report it rather than throw.
      const from: unknown = options.from;
      const inventory = options.files.map((file) => ({
        source: file.path,
        status: 'skipped' as const,
        diagnostics: [],
      }));
      return {
        revisions: [],
        inventory,
        diagnostics: [
          {
            ruleId: 'import-source',
            severity: 'error',
            message: `cannot import from \`${String(from)}\`; expected gitbook, docusaurus, mkdocs or markdown`,
          },
        ],
      };
    }
  }
}
