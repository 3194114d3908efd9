import type { ContentChange, TemplateParams } from '@docsync/api';
import { parsePage, type RevisionFile } from '@docsync/core';
import { BadRequestError, NotFoundError } from '../errors.js';
import { slotUrl, templates, type SlotKind, type TemplatePage } from './template-catalogue.js';

/** File names an OpenAPI description may have. */
const OPENAPI_NAME = /\.(json|ya?ml)$/i;

/** Whether a file can fill a slot of `kind`. */
function fits(kind: SlotKind, file: RevisionFile): boolean {
  return kind === 'image' ? file.contentType.startsWith('image/') : OPENAPI_NAME.test(file.name);
}

/** Replaces every `{kind: url, url: <slot URL>}` in `value` with a reference to the slot's file. */
function bindSlots(value: unknown, files: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => bindSlots(item, files));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (record['kind'] === 'url' && typeof record['url'] === 'string') {
    const file = files.get(record['url']);
    if (file !== undefined) return { kind: 'file', file };
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [key, bindSlots(item, files)]),
  );
}

/**
 * The `insert_page` operations that apply template `id` with `params` to content holding
 * `files`: the template's pages, parsed from its markdown with core's `parsePage` and with each
 * slot bound to the file `params.contentRefs` names, appended at the top level (subpages under
 * their page). 404 for an unknown template; 400 for a slot the template does not have, a
 * required slot left empty, a file the content does not hold or one that does not fit the slot.
 */
export function planTemplate(
  id: string,
  params: TemplateParams | undefined,
  files: readonly RevisionFile[],
): ContentChange[] {
  const template = templates.get(id);
  if (template === undefined)
    throw new NotFoundError(
      'Template',
      `Template \`${id}\` not found; docsync's templates are ${[...templates.keys()].map((name) => `\`${name}\``).join(', ')}`,
    );
  const refs = params?.contentRefs ?? {};
  const fileById = new Map(files.map((file) => [file.id, file]));
  const bound = new Map<string, string>();
  for (const [name, ref] of Object.entries(refs)) {
    const field = `body/params/contentRefs/${name}`;
    const slot = template.slots[name];
    if (slot === undefined)
      throw new BadRequestError(
        `${field}: template \`${id}\` has no slot \`${name}\` (it has ${
          Object.keys(template.slots)
            .map((slotName) => `\`${slotName}\``)
            .join(', ') || 'none'
        })`,
      );
    const file = fileById.get(ref.file);
    if (file === undefined)
      throw new BadRequestError(`${field}/file: no file \`${ref.file}\` in the content`);
    if (!fits(slot.kind, file))
      throw new BadRequestError(
        `${field}/file: \`${file.name}\` (${file.contentType}) is not ${slot.kind === 'image' ? 'an image' : 'an OpenAPI description (.json, .yaml or .yml)'}`,
      );
    bound.set(slotUrl(name), file.id);
  }
  for (const [name, slot] of Object.entries(template.slots))
    if (slot.required && refs[name] === undefined)
      throw new BadRequestError(
        `body/params/contentRefs/${name}: template \`${id}\` needs a file for \`${name}\`: ${slot.description}`,
      );

  const filled = new Set(Object.keys(refs));
  const changes: ContentChange[] = [];
  const add = (pages: readonly TemplatePage[], into: string | undefined) => {
    for (const templatePage of pages) {
      const ref = `template-page-${changes.length}`;
      const parsed = parsePage(templatePage.markdown(filled));
      changes.push({
        type: 'insert_page',
        ref,
        ...(into === undefined ? {} : { into }),
        ...(parsed.metadata.title === undefined ? {} : { title: parsed.metadata.title }),
        document: { document: bindSlots(parsed.document, bound) as Record<string, unknown> },
      } as ContentChange);
      if (templatePage.pages !== undefined) add(templatePage.pages, ref);
    }
  };
  add(template.pages, undefined);
  return changes;
}
