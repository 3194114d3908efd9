import type { TextRun } from './pdf-inlines.js';
import { winAnsiText } from './win-ansi.js';

/** The standard fonts the PDF uses (built into every reader: nothing is embedded). */
const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  code: 'Courier',
} as const;

/** Sizes in points. */
const SIZES = { title: 22, 'heading-1': 17, 'heading-2': 14, 'heading-3': 12, body: 11, code: 9 };

/** Indentation of one level (list items, quotes, hints), in points. */
export const INDENT = 16;

function fontOf(run: TextRun): string {
  if (run.code === true) return FONTS.code;
  if (run.bold === true) return run.italic === true ? FONTS.boldItalic : FONTS.bold;
  return run.italic === true ? FONTS.italic : FONTS.regular;
}

/**
 * Writes text into a pdfkit document as flowing blocks at an indentation; pdfkit wraps lines
 * and starts new pages. Every string passes through {@link winAnsiText}.
 */
export class PdfWriter {
  readonly #doc: PDFKit.PDFDocument;
  /** Left edge of the current indentation, in points from the page's left margin. */
  #indent = 0;

  constructor(doc: PDFKit.PDFDocument) {
    this.#doc = doc;
  }

  get #left(): number {
    return this.#doc.page.margins.left + this.#indent;
  }

  get #width(): number {
    const { page } = this.#doc;
    return page.width - page.margins.right - this.#left;
  }

  /** Runs `write` one indentation level deeper. */
  indented(write: () => void, levels = 1): void {
    this.#indent += INDENT * levels;
    try {
      write();
    } finally {
      this.#indent -= INDENT * levels;
    }
  }

  /** The title of a page of the content, at the top of a new PDF page. */
  pageTitle(title: string, description: string | undefined): void {
    this.#doc.font(FONTS.bold).fontSize(SIZES.title).fillColor('black');
    this.#doc.text(winAnsiText(title), this.#left, this.#doc.page.margins.top, {
      width: this.#width,
    });
    if (description !== undefined && description !== '') {
      this.#doc.moveDown(0.2).font(FONTS.italic).fontSize(SIZES.body).fillColor('#555555');
      this.#doc.text(winAnsiText(description), this.#left, undefined, { width: this.#width });
    }
    this.#doc.fillColor('black').moveDown(0.8);
  }

  /** A heading of a document. */
  heading(level: 'heading-1' | 'heading-2' | 'heading-3', runs: readonly TextRun[]): void {
    this.#doc.moveDown(0.5);
    this.paragraph(
      runs.map((run) => ({ ...run, bold: true })),
      { size: SIZES[level] },
    );
    this.#doc.moveDown(0.2);
  }

  /** A paragraph of styled runs; `prefix` (a list marker) hangs in the indentation before it. */
  paragraph(
    runs: readonly TextRun[],
    options: { size?: number; prefix?: string; color?: string } = {},
  ): void {
    const doc = this.#doc;
    const size = options.size ?? SIZES.body;
    const shown = runs
      .map((run) => ({ ...run, text: winAnsiText(run.text) }))
      .filter((run) => run.text !== '');
    if (options.prefix !== undefined) {
      // The marker goes in the margin left of the text, on the text's first line.
      doc.font(FONTS.regular).fontSize(size);
      if (doc.y + doc.currentLineHeight(true) > doc.page.height - doc.page.margins.bottom)
        doc.addPage();
      const top = doc.y;
      doc.text(winAnsiText(options.prefix), this.#left - INDENT, top, {
        width: INDENT,
        lineBreak: false,
      });
      doc.y = top;
    }
    doc.fillColor(options.color ?? 'black');
    if (shown.length === 0) {
      doc.fontSize(size).text(' ', this.#left, undefined, { width: this.#width });
    }
    shown.forEach((run, index) => {
      const continued = index < shown.length - 1;
      doc.font(fontOf(run)).fontSize(run.code === true ? size - 1 : size);
      if (index === 0) doc.text(run.text, this.#left, undefined, { width: this.#width, continued });
      else doc.text(run.text, { continued });
    });
    doc.fillColor('black').moveDown(0.4);
  }

  /** Lines of code, as written, in a monospaced font. */
  code(lines: readonly string[], caption?: string): void {
    const doc = this.#doc;
    if (caption !== undefined)
      this.paragraph([{ text: caption, italic: true }], { color: '#555555' });
    doc.font(FONTS.code).fontSize(SIZES.code).fillColor('#222222');
    for (const line of lines)
      doc.text(winAnsiText(line) || ' ', this.#left + INDENT / 2, undefined, {
        width: this.#width - INDENT / 2,
      });
    doc.fillColor('black').moveDown(0.6);
  }

  /** What the PDF leaves out or cannot show, said in grey italics. */
  note(text: string): void {
    this.paragraph([{ text, italic: true }], { color: '#777777' });
  }

  /** A horizontal rule across the text width. */
  rule(): void {
    const doc = this.#doc;
    doc.moveDown(0.3);
    const y = doc.y;
    doc
      .moveTo(this.#left, y)
      .lineTo(this.#left + this.#width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.6);
  }
}
