import type { InlineContent } from '../model/inlines.js';

/**
 * Whether converted content holds an inline that cannot carry a mark: raw HTML, or a void inline
 * (icon, inline math, emoji, mention, image…). Marks live on text leaves only.
 */
export function holdsUnmarkable(inlines: readonly InlineContent[]): boolean {
  return inlines.some((inline) => inline.object === 'inline' && 'isVoid' in inline);
}
