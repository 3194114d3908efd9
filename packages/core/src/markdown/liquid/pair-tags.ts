import type { Nodes, Parent, RootContent } from 'mdast';
import type { LiquidBlock, LiquidTag } from './mdast.js';

interface Frame {
  opener: LiquidTag | undefined;
  children: RootContent[];
}

/**
 * Nests flat tag nodes: every `{% name … %}` followed (among its siblings) by a matching
 * `{% endname %}` becomes a `liquidBlock` holding the nodes between them. Tags without an end tag
 * (`{% embed %}` without a caption, `{% include %}`, `{% file %}`) and stray end tags stay
 * `liquidTag` nodes. Runs bottom-up over the whole tree, in place.
 */
export function pairLiquidTags(tree: Nodes): void {
  if (!('children' in tree)) return;
  for (const child of tree.children) pairLiquidTags(child);
  if (!tree.children.some((child) => child.type === 'liquidTag')) return;
  (tree as Parent).children = pairChildren(tree.children as RootContent[]);
}

function pairChildren(children: readonly RootContent[]): RootContent[] {
  const stack: Frame[] = [{ opener: undefined, children: [] }];
  const top = (): Frame => stack[stack.length - 1] as Frame;
  const unwindTo = (depth: number) => {
    while (stack.length > depth) {
      const frame = stack.pop() as Frame;
      if (frame.opener) top().children.push(frame.opener);
      top().children.push(...frame.children);
    }
  };

  for (const child of children) {
    if (child.type !== 'liquidTag' || !child.tag) {
      top().children.push(child);
      continue;
    }
    const name = child.tag.name;
    if (name.startsWith('end')) {
      const target = name.slice(3);
      let index = stack.length - 1;
      while (index > 0 && stack[index]?.opener?.tag?.name !== target) index--;
      if (index === 0) {
        top().children.push(child);
        continue;
      }
      unwindTo(index + 1);
      const frame = stack.pop() as Frame;
      const opener = frame.opener as LiquidTag & { tag: NonNullable<LiquidTag['tag']> };
      const block: LiquidBlock = {
        type: 'liquidBlock',
        tag: opener.tag,
        rawOpen: opener.raw,
        rawClose: child.raw,
        children: frame.children,
      };
      if (opener.position && child.position) {
        block.position = { start: opener.position.start, end: child.position.end };
      }
      top().children.push(block);
      continue;
    }
    stack.push({ opener: child, children: [] });
  }
  unwindTo(1);
  return top().children;
}
