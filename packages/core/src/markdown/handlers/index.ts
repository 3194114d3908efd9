import type { RootContent } from 'mdast';
import type { BlockType } from '../../model/blocks.js';
import { annotation } from './annotation.js';
import { code } from './code.js';
import { codeHtml } from './code-html.js';
import { codeTabs } from './code-tabs.js';
import { columns } from './columns.js';
import { conditional } from './conditional.js';
import { expandable } from './expandable.js';
import { createHtmlBlockReader } from './html-block.js';
import { heading } from './heading.js';
import { hint } from './hint.js';
import { images } from './images.js';
import { integration } from './integration.js';
import { list } from './list.js';
import { openapi } from './openapi.js';
import { paragraph } from './paragraph.js';
import { prompt } from './prompt.js';
import { references } from './references.js';
import { simpleBlocks } from './simple-blocks.js';
import { table } from './table.js';
import { createTableHtml } from './table-html.js';
import { tabs } from './tabs.js';
import { updates } from './updates.js';
import type { ConstructHandlers, FromHtml, FromMdast, FromTag, ToMdast } from './types.js';

/** Every construct the converter knows; each file handles one family in both directions. */
export const constructs: readonly ConstructHandlers[] = [
  paragraph,
  heading,
  list,
  simpleBlocks,
  code,
  codeHtml, // after `code`: its `code` writer replaces the fenced one
  hint,
  tabs,
  references,
  columns,
  updates,
  conditional,
  prompt,
  openapi,
  integration,
  codeTabs,
  annotation,
  images,
  expandable,
  table,
  createTableHtml(() => htmlHandlers),
  createHtmlBlockReader(() => htmlHandlers),
];

/** mdast node type → reader. */
export const mdastHandlers = new Map<RootContent['type'], FromMdast<never>>(
  constructs.flatMap((construct) => Object.entries(construct.mdast ?? {})) as [
    RootContent['type'],
    FromMdast<never>,
  ][],
);

/** Tag name → reader. */
export const tagHandlers = new Map<string, FromTag>(
  constructs.flatMap((construct) => Object.entries(construct.tags ?? {})),
);

/** Root element name of flow HTML → readers (several constructs may read a `div`). */
export const htmlHandlers = new Map<string, FromHtml[]>();
for (const construct of constructs) {
  for (const [name, reader] of Object.entries(construct.html ?? {})) {
    htmlHandlers.set(name, [...(htmlHandlers.get(name) ?? []), reader]);
  }
}

/** Block type → writer. */
export const blockRenderers = new Map<BlockType, ToMdast<never>>(
  constructs.flatMap((construct) => Object.entries(construct.blocks ?? {})) as [
    BlockType,
    ToMdast<never>,
  ][],
);
