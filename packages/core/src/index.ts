export type * from './model/blocks.js';
export type * from './model/content-ref.js';
export type * from './model/document.js';
export type * from './model/inlines.js';
export type * from './model/page-metadata.js';
export type * from './model/text.js';
export type { Diagnostic, Severity } from './diagnostic.js';
export { parsePage, normalizeInput, type ParsedPage } from './markdown/parse-page.js';
export type { ParseOptions } from './markdown/mdast-io.js';
export type { FastPathCount } from './markdown/fast/fast-to-markdown.js';
export {
  renderPage,
  renderDocument,
  type PageToRender,
  type RenderOptions,
} from './markdown/render-page.js';
export type * from './model/revision.js';
export type { TreeFile } from './tree/tree-file.js';
export { pageFieldsFromMetadata, type PageFileFields } from './tree/page-metadata-map.js';
export {
  treeToRevision,
  type ReadTreeOptions,
  type ReadTreeResult,
} from './tree/tree-to-revision.js';
export { shareReadIndex } from './tree/revision-index.js';
export { flattenPages } from './tree/flatten-pages.js';
export { modelledPaths } from './tree/modelled-paths.js';
export {
  derivedPagePath,
  layoutRevision,
  pageTreeFile,
  revisionToTree,
  type RevisionLayout,
  type WriteTreeOptions,
  type WriteTreeResult,
} from './tree/revision-to-tree.js';
export {
  parseSummary,
  renderSummary,
  type Summary,
  type SummaryEntry,
  type SummaryGroup,
} from './tree/summary.js';
export { parseGitbookConfig, type GitbookConfig } from './tree/gitbook-config.js';
export { gitBlobId } from './tree/git-blob-id.js';
/** What changed between two revisions: pages, files, reusable contents and variables. */
export { diffRevisions, type RevisionDiff, type PageChangeRef } from './merge/diff-revisions.js';
/** Three-way merge of revisions: page-level and block-level, with conflicts holding both sides. */
export {
  mergeRevisions,
  mergeDocuments,
  type RevisionMerge,
  type RevisionConflict,
} from './merge/merge-revisions.js';
/** Line-by-line three-way merge of a text (diff3), with conflict markers or a side's lines. */
export { mergeText, lines, type TextMergeStrategy } from './merge/merge-text.js';
/** Three-way merge of `.gitbook.yaml`: setting by setting, redirect by redirect. */
export {
  mergeGitbookConfigs,
  mergeGitbookYaml,
  type ConfigConflict,
  type ConfigMerge,
} from './tree/merge-gitbook-config.js';
export { parseDocsConfig, type DocsConfig, type DocsSpace } from './tree/docs-config.js';
export {
  treeToSiteRevisions,
  siteRevisionsToTree,
  type ReadSiteTreeOptions,
  type ReadSiteTreeResult,
  type SiteSpaceRevision,
  type SiteSpaceContent,
} from './tree/site-tree.js';
/** Parses and renders reused between tree conversions, keyed by blob id and by page. */
export { ConversionCache, type ConversionCacheStats } from './tree/conversion-cache.js';
/** Imports a GitBook, Docusaurus, MkDocs or plain markdown tree as revisions, with an inventory. */
export { importTree, type ImportSource, type ImportTreeOptions } from './import/import-tree.js';
export type { EvaluateModule, EvaluatedModule } from './import/shared/evaluate-module.js';
export type {
  ContentSummary,
  ImportTreeResult,
  ImportedRevision,
} from './import/shared/import-result.js';
export type {
  InventoryEntry,
  InventoryStatus,
  InventoryTarget,
} from './import/shared/inventory.js';
/** Documents as semantic, escaped HTML for published sites and reviews, with their outline. */
export {
  renderDocumentHtml,
  headingAnchor,
  type RenderedHtml,
} from './html/render-document-html.js';
export type {
  HtmlLinks,
  HtmlRenderOptions,
  OutlineEntry,
  HtmlDiagnostic,
} from './html/html-options.js';
export { safeUrl } from './html/safe-url.js';
export { renderDocumentDiff, type RenderedDiff } from './html/render-document-diff.js';
