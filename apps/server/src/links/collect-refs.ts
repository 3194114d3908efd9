import type { ContentRef } from '@docsync/core';

/** The references a links listing covers: places a reader can go, and files content shows. */
export type LinkRef = Extract<
  ContentRef,
  { kind: 'url' | 'page' | 'anchor' | 'file' | 'space' | 'collection' }
>;

/** The member each listed kind must carry, as a string, to be a reference. */
const targetMember: Readonly<Record<LinkRef['kind'], string>> = {
  url: 'url',
  page: 'page',
  anchor: 'anchor',
  file: 'file',
  space: 'space',
  collection: 'collection',
};

function asLinkRef(value: Record<string, unknown>): LinkRef | undefined {
  const kind = value['kind'];
  if (typeof kind !== 'string' || !Object.hasOwn(targetMember, kind)) return undefined;
  const member = targetMember[kind as LinkRef['kind']];
  if (typeof value[member] !== 'string') return undefined;
  const ref: Record<string, unknown> = { kind, [member]: value[member] };
  for (const optional of ['page', 'space'])
    if (typeof value[optional] === 'string') ref[optional] = value[optional];
  return ref as LinkRef;
}

/**
 * Every reference in a JSON value (a document, or a page's own fields: its cover, a link page's
 * target, meta links), in document order: link and mention inlines, buttons, content-ref blocks,
 * images, files, drawings... Users, tags, OpenAPI specs and reusable contents are not links.
 */
export function collectRefs(value: unknown, into: LinkRef[] = []): LinkRef[] {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const ref = asLinkRef(record);
    if (ref !== undefined) into.push(ref);
    else for (const child of Object.values(record)) collectRefs(child, into);
  }
  return into;
}
