import type { Diagnostic } from '../../diagnostic.js';
import {
  collapseBlankLines,
  copyFenceAt,
  indentedBodyEnd,
  tagAttribute,
  trimBlankLines,
  unindent,
} from '../shared/lines.js';
import { mkdocsHintStyle } from './admonition-style.js';

const admonitionPattern =
  /^(!!!|\?\?\?\+?)[ \t]+([\w-]+)((?:[ \t]+(?:inline|end))*)(?:[ \t]+"(.*)")?[ \t]*$/;
const tabPattern = /^===[!+]?[ \t]+"(.*)"[ \t]*$/;

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
      -1,
    );
  for (let index = 0; index < lines.length;) {
    const line = lines[index] ?? '';
    const afterFence = copyFenceAt(lines, index, out);
    if (afterFence !== undefined) {
      index = afterFence;
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
