/**
 * A file of a docs tree, relative to the space directory. Text files that sync reads (markdown,
 * YAML) carry `text`; other files (assets) only their git blob id and size, so a tree of large
 * assets is described without reading them.
 */
export interface TreeFile {
  path: string;
  oid: string;
  size: number;
  text?: string;
}
