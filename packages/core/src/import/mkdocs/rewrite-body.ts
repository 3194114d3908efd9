import type { Diagnostic } from '../../diagnostic.js';
import {
  collapseBlankLines,
  copyFenceAt,
  fenceOf,
  skipFence,
  indentedBodyEnd,
  nestedLineOffset,
  tagAttribute,
  trimBlankLines,
  unindent,
} from '../shared/lines.js';
import { mkdocsHintStyle } from './admonition-style.js';

const admonitionPattern =
  /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)((?:[ \t]+(?:inline|end))*)(?:[ \t]+"(.*)")?[ \t]*$/;
const tabPattern = /^===[!+]?[ \t]+"(.*)"[ \t]*$/;
/** A pymdownx.blocks opening line: `/// type | title` (three or more slashes). */
const blockPattern = /^(\/{3,})[ \t]*([\w-]+)(?:[ \t]*\|[ \t]*(.*?))?[ \t]*$/;

/**
 * Rewrites an MkDocs page body as GitBook-flavoured markdown: admonitions (`!!! note "Title"`,
 * with a 4-space indented body) become `{% hint %}` blocks (the title their first heading), the
 * collapsible `??? note` an expandable (`???+` expanded) holding the hint, and content tabs
 * (`=== "Title"`, consecutive ones forming one set) `{% tabs %}`. Bodies are rewritten in turn,
 * so admonitions nest; code fences are never looked into.
 */
export function rewriteMkdocsBody(
  body: string,
  diagnostics: Diagnostic[],
  lineOffset: number,
): string {
  return collapseBlankLines(rewrite(body.split('\n'), diagnostics, lineOffset)).join('\n');
}

function rewrite(
  lines: readonly string[],
  diagnostics: Diagnostic[],
  lineOffset: number,
): string[] {
  const out: string[] = [];
  const bodyOf = (start: number, end: number) =>
    rewrite(
      trimBlankLines(lines.slice(start, end).map((line) => unindent(line, 4))),
      diagnostics,
      nestedLineOffset(lines, start, lineOffset),
    );
  for (let index = 0; index < lines.length;) {
    const line = lines[index] ?? '';
    const afterFence = copyFenceAt(lines, index, out);
    if (afterFence !== undefined) {
      index = afterFence;
      continue;
    }
    const autodoc = /^:::[ \t]+([\w.:-]+)[ \t]*$/.exec(line);
    if (autodoc) {
      // mkdocstrings: the docs are generated from the code when the site is built.
      const end = indentedBodyEnd(lines, index + 1, 4);
      diagnostics.push({
        ruleId: 'mkdocstrings',
        severity: 'warning',
        message: `\`::: ${autodoc[1] ?? ''}\` asks mkdocstrings for API docs generated from the code when the site is built; kept as a code block with its options`,
        ...(lineOffset < 0 ? {} : { line: index + 1 + lineOffset }),
      });
      out.push('', '```yaml', ...trimBlankLines(lines.slice(index, end)), '```', '');
      index = end;
      continue;
    }
    const block = blockPattern.exec(line);
    if (block) {
      index = rewriteBlock(lines, index, block, out, diagnostics, lineOffset, (start, end) =>
        rewrite(
          trimBlankLines(lines.slice(start, end)),
          diagnostics,
          nestedLineOffset(lines, start, lineOffset),
        ),
      );
      continue;
    }
    const admonition = admonitionPattern.exec(line);
    if (admonition) {
      const [, marker = '', type = '', , title] = admonition;
      const end = indentedBodyEnd(lines, index + 1, 4);
      let style = mkdocsHintStyle(type);
      if (style === undefined) {
        style = 'info';
        diagnostics.push({
          ruleId: 'admonition-type',
          severity: 'info',
          message: `admonition type \`${type}\` is a custom one; imported as an info hint`,
          ...(lineOffset < 0 ? {} : { line: index + 1 + lineOffset }),
        });
      }
      const hint = [
        `{% hint style="${style}" %}`,
        ...(title === undefined || title === '' || marker !== '!!!' ? [] : [`#### ${title}`, '']),
        ...bodyOf(index + 1, end),
        '{% endhint %}',
      ];
      if (marker === '!!!') out.push('', ...hint, '');
      else {
        // Collapsible: the title is the expandable's summary (MkDocs shows the type when none).
        const summary =
          title === undefined || title === ''
            ? type.charAt(0).toUpperCase() + type.slice(1)
            : title;
        out.push(
          '',
          marker === '???+' ? '<details open>' : '<details>',
          '',
          `<summary>${escapeHtml(summary)}</summary>`,
          '',
          ...hint,
          '',
          '</details>',
          '',
        );
      }
      index = end;
      continue;
    }
    if (tabPattern.test(line)) {
      out.push('', '{% tabs %}');
      let cursor = index;
      for (;;) {
        const title = tabPattern.exec(lines[cursor] ?? '')?.[1] ?? '';
        const end = indentedBodyEnd(lines, cursor + 1, 4);
        out.push(
          `{% tab title="${tagAttribute(title)}" %}`,
          ...bodyOf(cursor + 1, end),
          '{% endtab %}',
          '',
        );
        let next = end;
        while (next < lines.length && (lines[next] ?? '').trim() === '') next++;
        cursor = end;
        if (!tabPattern.test(lines[next] ?? '')) break;
        cursor = next;
      }
      out.push('{% endtabs %}', '');
      index = cursor;
      continue;
    }
    out.push(line);
    index++;
  }
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The line that closes the block opened with `slashes` (the same number of them, alone). */
function blockEnd(lines: readonly string[], start: number, slashes: string): number {
  let depth = 0;
  for (let index = start; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fenceEnd = fenceOf(line) === undefined ? undefined : skipFence(lines, index);
    if (fenceEnd !== undefined) {
      index = fenceEnd - 1;
      continue;
    }
    const opening = blockPattern.exec(line);
    if (opening !== null && opening[1] === slashes) depth++;
    else if (line.trim() === slashes) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return lines.length;
}

/**
 * A pymdownx.blocks block: admonition types (and `admonition` with a `type:` option) as hints
 * titled by the text after `|`, `details` as an expandable, consecutive `tab` blocks as one set
 * of tabs, `html` and any other type as its content in an info hint with a diagnostic. The
 * block's options (indented `key: value` lines after the opening) are read for `type` and
 * `open` and otherwise dropped. Returns the index past the closing line.
 */
function rewriteBlock(
  lines: readonly string[],
  start: number,
  opening: RegExpExecArray,
  out: string[],
  diagnostics: Diagnostic[],
  lineOffset: number,
  bodyOf: (start: number, end: number) => string[],
): number {
  const slashes = opening[1] ?? '///';
  const type = (opening[2] ?? '').toLowerCase();
  const title = opening[3] ?? '';
  const lineOf = (index: number) => (lineOffset < 0 ? {} : { line: index + 1 + lineOffset });
  const read = (at: number) => {
    const end = blockEnd(lines, at + 1, slashes);
    const options = new Map<string, string>();
    let bodyStart = at + 1;
    while (/^ {4}[\w-]+:/.test(lines[bodyStart] ?? '') && bodyStart < end) {
      const [key = '', ...value] = (lines[bodyStart] ?? '').trim().split(':');
      options.set(key, value.join(':').trim());
      bodyStart++;
    }
    return { end, options, body: bodyOf(bodyStart, end) };
  };
  if (type === 'tab') {
    out.push('', '{% tabs %}');
    let cursor = start;
    let next: number;
    for (;;) {
      const tab = blockPattern.exec(lines[cursor] ?? '');
      const { end, body } = read(cursor);
      out.push(`{% tab title="${tagAttribute(tab?.[3] ?? '')}" %}`, ...body, '{% endtab %}', '');
      next = end + 1;
      let after = next;
      while (after < lines.length && (lines[after] ?? '').trim() === '') after++;
      const following = blockPattern.exec(lines[after] ?? '');
      if (following === null || following[2]?.toLowerCase() !== 'tab' || following[1] !== slashes)
        break;
      cursor = after;
    }
    out.push('{% endtabs %}', '');
    return next;
  }
  const { end, options, body } = read(start);
  const hintType =
    type === 'admonition' || type === 'details' ? (options.get('type') ?? 'note') : type;
  let style = mkdocsHintStyle(hintType);
  if (style === undefined && type !== 'details') {
    style = 'info';
    diagnostics.push({
      ruleId: 'block-type',
      severity: 'info',
      message: `block type \`${type}\` has no GitBook equivalent; imported as an info hint titled by its type`,
      ...lineOf(start),
    });
  }
  const heading =
    title !== '' && mkdocsHintStyle(type) !== undefined
      ? title
      : type === 'admonition' || type === 'details'
        ? title
        : [type.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()), title]
            .filter((part) => part !== '')
            .join(': ');
  if (type === 'details') {
    out.push(
      '',
      options.get('open') === 'true' ? '<details open>' : '<details>',
      '',
      `<summary>${escapeHtml(heading === '' ? 'Details' : heading)}</summary>`,
      '',
      ...body,
      '',
      '</details>',
      '',
    );
    return end + 1;
  }
  out.push(
    '',
    `{% hint style="${style ?? 'info'}" %}`,
    ...(heading === '' ? [] : [`#### ${heading}`, '']),
    ...body,
    '{% endhint %}',
    '',
  );
  return end + 1;
}
