import { describe, expect, it } from 'vitest';
import { fromMangledMarkup, fromMarkup, toMarkup } from './block-markup.js';
import { Glossary, readInstructions } from './glossary.js';
import { pseudoTranslate } from './pseudo-translator.js';
import type { DocumentNode } from './text-blocks.js';

const leaf = (text: string, ...marks: string[]) => ({
  object: 'leaf',
  text,
  marks: marks.map((type) => ({ object: 'mark', type })),
});
const text = (...leaves: ReturnType<typeof leaf>[]) => ({ object: 'text', leaves });

/** `Open the **docsync** Space with `docsync open` :rocket: or [the guide](page).` */
const block: DocumentNode = {
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [
    text(
      leaf('Open the '),
      leaf('docsync', 'bold'),
      leaf(' Space with '),
      leaf('docsync open', 'code'),
      leaf(' '),
    ),
    { object: 'inline', type: 'emoji', isVoid: true, data: { code: '1f680' } },
    text(leaf(' or ')),
    {
      object: 'inline',
      type: 'link',
      data: { ref: { kind: 'page', page: 'p1' } },
      nodes: [text(leaf('the '), leaf('guide', 'italic'))],
    },
    text(leaf('.')),
  ],
};
const glossary = new Glossary([
  { term: 'docsync', translation: 'docsync' },
  { term: 'Space', translation: 'Espace' },
]);

describe('a text block as markup for a translator', () => {
  it('tags marks and links, keeps inline code, voids and glossary terms out of the text', () => {
    const markup = toMarkup(block, glossary);
    expect(markup.text).toBe(
      'Open the <m0><g1/></m0> <g2/> with <x3/> <x4/> or <l5>the <m6>guide</m6></l5>.',
    );
  });

  it('reads a translation back into leaves with the same marks, links, kept nodes and glossary terms', async () => {
    const markup = toMarkup(block, glossary);
    const translated = fromMarkup(block, markup, await pseudoTranslate(markup.text, 'fr'));
    expect(translated).toEqual({
      ...block,
      nodes: [
        text(
          leaf('⟦fr⟧ Öpéñ thé '),
          leaf('docsync', 'bold'),
          leaf(' Espace wíth '),
          leaf('docsync open', 'code'),
          leaf(' '),
        ),
        block.nodes?.[1],
        text(leaf(' ör ')),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'page', page: 'p1' } },
          nodes: [text(leaf('thé '), leaf('güídé', 'italic'))],
        },
        text(leaf('.')),
      ],
    });
  });

  it('moves tags a translator reordered with the words they hold', () => {
    const markup = toMarkup(block, new Glossary([]));
    expect(markup.text).toBe(
      'Open the <m0>docsync</m0> Space with <x1/> <x2/> or <l3>the <m4>guide</m4></l3>.',
    );
    const reordered = fromMarkup(
      block,
      markup,
      'Ouvrez <l3>le <m4>guide</m4></l3> ou <x2/> <x1/>, Space <m0>docsync</m0>.',
    );
    expect(JSON.stringify(reordered)).toContain(
      '"text":"guide","marks":[{"object":"mark","type":"italic"}]',
    );
    expect(reordered?.nodes?.[0]).toEqual(text(leaf('Ouvrez ')));
  });

  it('refuses markup that lost, repeated, invented or crossed a tag; the fallback keeps what must not change', () => {
    const markup = toMarkup(block, glossary);
    for (const broken of [
      'Open the docsync Space.',
      'Open <m0><g1/></m0> <m0>x</m0> <g2/> <x3/> <x4/> <l5>a <m6>b</m6></l5>',
      'Open <m0><g1/></m0> <g2/> <x3/> <x4/> <x9/> <l5>a <m6>b</m6></l5>',
      'Open <m0><g1/> <l5>a </m0><m6>b</m6></l5> <g2/> <x3/> <x4/>',
    ])
      expect(fromMarkup(block, markup, broken), broken).toBeUndefined();
    const fallback = fromMangledMarkup(block, markup, 'Ouvrez le guide &amp; <b>docsync</b>');
    expect(JSON.stringify(fallback)).toContain(
      '"text":"docsync open","marks":[{"object":"mark","type":"code"}]',
    );
    expect(JSON.stringify(fallback)).toContain('"type":"emoji"');
  });
});

describe('instructions', () => {
  it('read `term => translation` paragraphs as the glossary, the rest as free instructions', () => {
    const paragraph = (value: string) => ({
      object: 'block',
      type: 'paragraph',
      nodes: [text(leaf(value))],
    });
    const read = readInstructions({
      nodes: [
        paragraph('Use the informal register.'),
        paragraph('Change request => demande de modification'),
        paragraph('GitBook → GitBook'),
        paragraph('Keep it short.'),
      ],
    });
    expect(read.text).toBe('Use the informal register.\nKeep it short.');
    expect(read.glossary.entries).toEqual([
      { term: 'Change request', translation: 'demande de modification' },
      { term: 'GitBook', translation: 'GitBook' },
    ]);
    // Whole words only: `GitBooks` is another word.
    expect(read.glossary.split('GitBook and GitBooks')).toEqual([
      { text: 'GitBook', term: 'GitBook' },
      { text: ' and GitBooks' },
    ]);
    expect(readInstructions(undefined).glossary.entries).toEqual([]);
  });
});
