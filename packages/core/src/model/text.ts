/** Colours of the `color` mark (theme tokens or named colours). */
export type Color =
  | 'default'
  | 'green'
  | 'blue'
  | 'red'
  | 'orange'
  | 'yellow'
  | 'purple'
  | '$primary'
  | '$info'
  | '$success'
  | '$warning'
  | '$danger';

/** A text mark. `color` carries text and background colours. */
export type Mark =
  | {
      object: 'mark';
      type: 'bold' | 'italic' | 'code' | 'keyboard' | 'strikethrough' | 'superscript' | 'subscript';
    }
  | { object: 'mark'; type: 'color'; data: { text?: Color; background?: Color } };

/** The type of a mark. */
export type MarkType = Mark['type'];

/** A run of text with the same marks. */
export interface Leaf {
  object: 'leaf';
  text: string;
  marks: Mark[];
  /**
   * docsync: the text as the markdown file wrote it (`auth\_delay`, `\(MAC\)`, `&#x3C;`), when
   * it escapes more than GitBook's exporter would; written back while it still reads as `text`
   * and escapes at least what the exporter escapes there.
   */
  source?: string;
}

/** A text node: runs of differently marked text. */
export interface Text {
  object: 'text';
  key?: string;
  leaves: Leaf[];
}
