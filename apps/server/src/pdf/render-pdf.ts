import type { JSONDocument } from '@docsync/core';
import PDFDocument from 'pdfkit';
import { writeBlocks } from './pdf-blocks.js';
import { PdfWriter } from './pdf-writer.js';
import { winAnsiText } from './win-ansi.js';

/** One page of content to print. */
export interface PdfPage {
  title: string;
  description?: string | undefined;
  /** Absent for pages without content of their own (groups). */
  document?: JSONDocument | undefined;
  /** How deep the page is in the selection (0: top), for the PDF's outline. */
  depth: number;
}

/** Options of {@link renderPdf}. */
export interface RenderPdfOptions {
  /** The document title readers show. */
  title: string;
  /** Compress the page content streams (default true; tests read the text uncompressed). */
  compress?: boolean;
}

/**
 * A PDF of pages in order, rendered from the document model (not from HTML): each page starts a
 * PDF page with its title and has an entry in the outline (nested like the pages), then its
 * blocks: headings, paragraphs with bold, italic and code, lists, quotes, hints, code blocks,
 * tables as text, and a note for what text cannot show (images, embeds, API blocks).
 */
export async function renderPdf(
  pages: readonly PdfPage[],
  options: RenderPdfOptions,
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    compress: options.compress ?? true,
    size: 'A4',
    margin: 56,
    autoFirstPage: false,
    info: { Title: winAnsiText(options.title), Creator: 'docsync' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const writer = new PdfWriter(doc);
  // The outline entry of the last page at each depth, to nest the next deeper page under it.
  const outlines: PDFKit.PDFOutline[] = [doc.outline];
  for (const page of pages) {
    doc.addPage();
    const parent = outlines[Math.min(page.depth, outlines.length - 1)] ?? doc.outline;
    outlines.length = Math.min(page.depth, outlines.length - 1) + 1;
    outlines.push(parent.addItem(winAnsiText(page.title)));
    writer.pageTitle(page.title, page.description);
    if (page.document !== undefined) writeBlocks(page.document.nodes, writer);
  }
  if (pages.length === 0) {
    doc.addPage();
    writer.note('This change request has no pages.');
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
