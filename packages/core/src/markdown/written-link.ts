import type { Image, Link } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import { preferWritten } from './written-text.js';

/** A destination `safe` writes as it is and that no page holds. */
const marker = 'docsyncdestination';

/**
 * Writes a link or image as mdast-util-to-markdown does, but with its destination as it was
 * written (`urlSource`) when that reads the same and escapes at least what the serializer's
 * destination escapes (`[pg\_dump](pg\_dump.md)` from the 2018–21 exporter). The serializer's
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
    if (!preferWritten(source, destination)) return written;
    if (node.data?.owner !== undefined) node.data.sourcesUsed?.add(node.data.owner);
    return before + source + after;
  };
}

/** The `link` handler: see {@link writtenDestination}. */
export const link = writtenDestination(defaultHandlers.link);
/** The `image` handler: see {@link writtenDestination}. */
export const image = writtenDestination(defaultHandlers.image);
