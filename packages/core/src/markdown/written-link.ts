import type { Image, Link } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import { bareInDestination, compareWritten } from './written-text.js';

/** A destination `safe` writes as it is and that no page holds. */
const marker = 'docsyncdestination';

/**
 * Writes a link or image as mdast-util-to-markdown does, but with its destination as it was
 * written (`urlSource`) when that reads the same and escapes at least what the serializer's
 * destination escapes (`[pg\_dump](pg\_dump.md)` from the 2018–21 exporter); or, where the page
 * then reads back the same (`RenderContext.bare`), when it escapes less or is written in `<…>`
 * (`image%20(15).png`, `<…%20(8).gif>`, as the exporter writes some). The serializer's
 * destination is found by writing the node once more with a marker destination: what differs is
 * the destination.
 */
function writtenDestination(write: Handle): Handle {
  return (node: Link | Image, parent, state, info) => {
    const written = write(node, parent, state, info);
    const source = node.data?.urlSource;
    if (source === undefined) return written;
    const marked = write({ ...node, url: marker }, parent, state, info);
    const at = marked.indexOf(marker);
    if (at === -1) return written;
    const before = marked.slice(0, at);
    const after = marked.slice(at + marker.length);
    if (!written.startsWith(before) || !written.endsWith(after)) return written;
    const destination = written.slice(before.length, written.length - after.length);
    const compared = compareWritten(
      unbracketed(source),
      unbracketed(destination),
      bareInDestination,
    );
    const bare = node.data?.bare;
    // The same destination, written in `<…>` where the serializer writes none (or the reverse).
    const angled = source !== destination && unbracketed(source) === unbracketed(destination);
    if (compared === undefined && !angled) return written;
    if (compared === 'fewer' || angled) {
      // Escaping less, or `<…>` where the serializer has none: only where the page reads the same.
      if (bare === undefined) return written;
      bare.used = true;
    }
    if (node.data?.owner !== undefined) node.data.sourcesUsed?.add(node.data.owner);
    return before + source + after;
  };
}

/** A destination without its angle brackets (`<a b>`). */
function unbracketed(destination: string): string {
  return destination.startsWith('<') && destination.endsWith('>')
    ? destination.slice(1, -1)
    : destination;
}

/** The `link` handler: see {@link writtenDestination}. */
export const link = writtenDestination(defaultHandlers.link);
/** The `image` handler: see {@link writtenDestination}. */
export const image = writtenDestination(defaultHandlers.image);
