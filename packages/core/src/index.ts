export type * from './model/blocks.js';
export type * from './model/content-ref.js';
export type * from './model/document.js';
export type * from './model/inlines.js';
export type * from './model/page-metadata.js';
export type * from './model/text.js';
export type { Diagnostic, Severity } from './diagnostic.js';
export { parsePage, normalizeInput, type ParsedPage } from './markdown/parse-page.js';
export { renderPage, renderDocument, type PageToRender } from './markdown/render-page.js';
