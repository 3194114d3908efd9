import type { Diagnostic } from '../../diagnostic.js';
import { linesOutsideFences } from './lines.js';

const headingId = /^(#{1,6}[ \t].*?)[ \t]*\{[ \t]*#([\w:.-]+)[ \t]*\}[ \t]*$/;
/** An attribute list (`{ width="500" }`, `{.internal-link target=_blank}`, `{: #id }`) after a link or image. */
const afterLink =
  /(\]\([^)\s]*(?:\s+"[^"]*")?\))\{:?[ \t]*(?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+))(?:[ \t]+(?:[#.][\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s}]+)))*[ \t]*\}/g;
/** An empty link that only places an anchor: `[](){#name}`. */
const anchorOnly = /\[\]\(\)\{[ \t]*#([\w-]+)[ \t]*\}/g;

/**
 * Takes out what the page's tool reads as attributes and GitBook has no place for: a heading's
 * `{#id}` (Docusaurus and MkDocs; the heading's anchor becomes the one GitBook derives from its
 * text), and with `attributeLists` MkDocs' attribute lists after links and images and `[](){#x}`
 * anchors. Each is an info diagnostic with its line, naming what was left out. Code fences are
 * left alone; lines stay where they are.
 */
export function stripAttributes(
  body: string,
  diagnostics: Diagnostic[],
  lineOffset: number,
  options: { attributeLists: boolean },
): string {
  if (!body.includes('{')) return body;
  const lines = body.split('\n');
  for (const index of linesOutsideFences(lines)) {
    const line = lines[index] ?? '';
    if (!line.includes('{')) continue;
    const lineNumber = index + 1 + lineOffset;
    const left: string[] = [];
    let next = line;
    const heading = headingId.exec(next);
    if (heading !== null) {
      next = heading[1] ?? next;
      left.push(
        `heading id \`#${heading[2] ?? ''}\` (its anchor is now the one GitBook derives from the heading's text)`,
      );
    }
    if (options.attributeLists) {
      next = next
        .replace(anchorOnly, (_match, name: string) => {
          left.push(`anchor \`#${name}\``);
          return '';
        })
        .replace(afterLink, (match, link: string) => {
          left.push(`attribute list \`${match.slice(link.length)}\``);
          return link;
        });
    }
    if (left.length === 0) continue;
    lines[index] = next;
    diagnostics.push({
      ruleId: 'attributes-left-out',
      severity: 'info',
      line: lineNumber,
      message: `${left.join(', ')}: no GitBook equivalent; left out`,
    });
  }
  return lines.join('\n');
}
