/**
 * A file of a docs tree, relative to the space directory. Text files that sync reads (markdown,
 * YAML) carry `text`; other files (assets) only their git blob id and size, so a tree of large
 * assets is described without reading them. A markdown file may come without `text` when the
 * {@link ConversionCache} given to `treeToRevision` has parsed its blob id before.
 */
export interface TreeFile {
  path: string;
  oid: string;
  size: number;
  text?: string;
}
