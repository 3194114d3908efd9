/** Items grouped by a key, in the order they come, each made into what the group holds. */
export function groupBy<Item, Value>(
  items: Iterable<Item>,
  keyOf: (item: Item) => string,
  valueOf: (item: Item) => Value,
): Map<string, Value[]> {
  const groups = new Map<string, Value[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [valueOf(item)]);
    else group.push(valueOf(item));
  }
  return groups;
}
