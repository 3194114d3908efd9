import type { Definition, Nodes, Root } from 'mdast';

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/**
 * The link reference definitions of a page (`[id]: url "title"`) that a `[text][id]` or
 * `![alt][id]` uses, by identifier (the first definition wins, as in CommonMark). A reference is
 * read as the link or image it stands for (the document has no reference style, and GitBook
 * writes links inline); a definition nothing uses is kept verbatim.
 */
export function collectLinkDefinitions(tree: Root): Map<string, Definition> {
  const referenced = new Set<string>();
  const all = new Map<string, Definition>();
  walk(tree, (node) => {
    if (node.type === 'linkReference' || node.type === 'imageReference') {
      referenced.add(node.identifier);
    }
    if (node.type === 'definition' && !all.has(node.identifier)) all.set(node.identifier, node);
  });
  return new Map([...all].filter(([identifier]) => referenced.has(identifier)));
}
