import type { Diagnostic } from '../../diagnostic.js';
import {
  collapseBlankLines,
  copyFenceAt,
  dedent,
  fenceOf,
  indentOf,
  nestedLineOffset,
  skipFence,
  tagAttribute,
  trimBlankLines,
} from '../shared/lines.js';
import type { RawStash } from '../shared/raw-stash.js';
import { admonitionOpening, admonitionStyle, isAdmonitionClose } from './admonition.js';
import { elementEnd } from './jsx-extent.js';
import { readTabs } from './tabs.js';

/** Imports that only bring in the components this importer maps (tabs), so they are not kept. */
const mappedImports = /^import\s+\w+\s+from\s+['"]@theme\/(Tabs|TabItem)['"];?\s*$/;

/**
 * Rewrites a Docusaurus (MDX) page body as GitBook-flavoured markdown: admonitions become
 * `{% hint %}` blocks (a title becomes the hint's first heading), `<Tabs>`/`<TabItem>` become
 * `{% tabs %}`; other MDX (ESM lines, JSX components, `{/* comments *\/}`) is stashed to be kept
 * verbatim, each with a diagnostic. Code fences are never looked into.
 */
export function rewriteDocusaurusBody(
  body: string,
  stash: RawStash,
  diagnostics: Diagnostic[],
  lineOffset: number,
): string {
  const lines = rewrite(body.split('\n'), { stash, diagnostics, lineOffset, topLevel: true });
  return collapseBlankLines(titleFirst(lines, stash)).join('\n');
}

/**
 * MDX puts `import` lines above the `# Title`; kept verbatim they would come first and the H1
 * would no longer be the title. The H1 goes back in front of them.
 */
function titleFirst(lines: string[], stash: RawStash): string[] {
  let index = 0;
  while (
    index < lines.length &&
    ((lines[index] ?? '').trim() === '' || stash.isPlaceholder(lines[index] ?? ''))
  )
    index++;
  const heading = lines[index];
  if (index === 0 || heading === undefined || !/^# /.test(heading)) return lines;
  return [heading, '', ...lines.slice(0, index), ...lines.slice(index + 1)];
}

interface Context {
  stash: RawStash;
  diagnostics: Diagnostic[];
  /** Added to a line index for the line number in the source file (`-1`: unknown, nested). */
  lineOffset: number;
  topLevel: boolean;
}

function rewrite(lines: readonly string[], context: Context): string[] {
  const out: string[] = [];
  const lineOf = (index: number) =>
    context.lineOffset < 0 ? {} : { line: index + 1 + context.lineOffset };
  const nested: Context = { ...context, lineOffset: -1, topLevel: false };
  const keep = (
    index: number,
    end: number,
    ruleId: string,
    message: string,
    severity: Diagnostic['severity'] = 'warning',
  ) => {
    out.push('', context.stash.stash(lines.slice(index, end).join('\n')), '');
    context.diagnostics.push({ ruleId, severity, message, ...lineOf(index) });
  };
  for (let index = 0; index < lines.length;) {
    const line = lines[index] ?? '';
    const afterFence = copyFenceAt(lines, index, out);
    if (afterFence !== undefined) {
      index = afterFence;
      continue;
    }
    // MDX ESM: an `import`/`export` paragraph runs to the next blank line.
    if (context.topLevel && /^(import|export)\s/.test(line)) {
      let end = index;
      while (end < lines.length && (lines[end] ?? '').trim() !== '') end++;
      const statements = lines.slice(index, end);
      // They load code and show nothing: left out, the components they bring reported where used.
      if (!statements.every((statement) => mappedImports.test(statement)))
        context.diagnostics.push({
          ruleId: 'mdx-esm',
          severity: 'info',
          message:
            'MDX `import`/`export` lines load code and show nothing; left out (the components they bring are reported where they are used)',
          ...lineOf(index),
        });
      index = end;
      continue;
    }
    const admonition = admonitionOpening(line);
    if (admonition !== undefined && indentOf(line) < 4) {
      let depth = 1;
      let end = index + 1;
      for (; end < lines.length; end++) {
        const candidate = lines[end] ?? '';
        if (fenceOf(candidate) !== undefined) {
          end = skipFence(lines, end) - 1;
          continue;
        }
        if (admonitionOpening(candidate)?.colons === admonition.colons) depth++;
        else if (isAdmonitionClose(candidate, admonition.colons) && --depth === 0) break;
      }
      if (end >= lines.length) {
        keep(
          index,
          index + 1,
          'admonition-unclosed',
          'admonition never closed; its opening line is kept verbatim',
        );
        index++;
        continue;
      }
      let style = admonitionStyle(admonition.type);
      if (style === undefined) {
        style = 'info';
        context.diagnostics.push({
          ruleId: 'admonition-type',
          severity: 'warning',
          message: `admonition type \`${admonition.type}\` is not one Docusaurus defines; imported as an info hint`,
          ...lineOf(index),
        });
      }
      const inner = trimBlankLines(dedent(lines.slice(index + 1, end)));
      out.push(
        '',
        `{% hint style="${style}" %}`,
        ...(admonition.title === undefined ? [] : [`#### ${admonition.title}`, '']),
        ...rewrite(inner, {
          ...nested,
          lineOffset: nestedLineOffset(lines, index + 1, context.lineOffset),
        }),
        '{% endhint %}',
        '',
      );
      index = end + 1;
      continue;
    }
    if (/^\s*<Tabs(?:[\s>]|$)/.test(line)) {
      const tabs = readTabs(lines, index);
      if (tabs !== undefined) {
        out.push('', '{% tabs %}');
        for (const item of tabs.items)
          out.push(
            `{% tab title="${tagAttribute(item.title)}" %}`,
            ...rewrite(trimBlankLines(dedent(item.lines)), {
              ...nested,
              lineOffset:
                context.lineOffset < 0
                  ? -1
                  : nestedLineOffset(item.lines, 0, context.lineOffset + item.firstLine),
            }),
            '{% endtab %}',
            '',
          );
        out.push('{% endtabs %}', '');
        for (const stray of tabs.stray) {
          out.push('', context.stash.stash(stray), '');
          context.diagnostics.push({
            ruleId: 'mdx-component',
            severity: 'warning',
            message:
              'content inside `<Tabs>` but outside any `<TabItem>`; kept verbatim after the tabs',
            ...lineOf(index),
          });
        }
        index = tabs.end;
        continue;
      }
    }
    const component = /^\s{0,3}<([A-Z][\w.]*)/.exec(line)?.[1];
    if (component !== undefined) {
      const end = elementEnd(lines, index, component) ?? index + 1;
      keep(
        index,
        end,
        'mdx-component',
        `MDX component \`<${component}>\` has no GitBook equivalent; kept verbatim`,
      );
      index = end;
      continue;
    }
    if (/^\s*\{\/\*[\s\S]*\*\/\}\s*$/.test(line)) {
      // A comment shows nothing on the site: kept so it is not lost, but nothing to review.
      keep(index, index + 1, 'mdx-comment', 'MDX comment kept verbatim', 'info');
      index++;
      continue;
    }
    out.push(line);
    index++;
  }
  return out;
}
