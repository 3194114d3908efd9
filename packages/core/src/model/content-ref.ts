/** A reference from content to something else (the API description's ContentRef). */
export type ContentRef =
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; space?: string; page?: string }
  | { kind: 'user'; user: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'space'; space: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'openapi'; spec: string }
  | { kind: 'tag'; tag: string };

/** A reference to a file or a URL: what images, covers and swagger blocks point at. */
export type FileOrUrlRef = Extract<ContentRef, { kind: 'file' | 'url' }>;
