import { describe, expect, it } from 'vitest';
import type { PublishedTree } from './fetch-published-tree.js';
import { readPublishedSources, renderPublishedMessage } from './render-published-message.js';

const published = (directories: string[]): PublishedTree => ({
  kind: 'site',
  id: 'site_1',
  title: 'Handbook (v2)',
  tree: new Map(),
  spaces: directories.map((directory, index) => ({
    directory,
    spaceId: `space_${String(index)}`,
    title: `Space: "${String(index)}" (draft), revision x`,
    revision: `rev_${String(index)}`,
  })),
});

describe('readPublishedSources', () => {
  it('reads back each directory’s space and revision from the message written for them', () => {
    for (const directories of [[''], ['docs/v1', 'sdk/v1'], ['guides', 'api', 'faq']]) {
      const message = renderPublishedMessage('Publish {title}', published(directories), {
        files: [],
        pages: [],
      });
      expect(readPublishedSources(message)).toEqual(
        new Map(
          directories.map((directory, index) => [
            directory,
            { spaceId: `space_${String(index)}`, revision: `rev_${String(index)}` },
          ]),
        ),
      );
    }
  });

  it('reads nothing from a commit that is not a published one', () => {
    expect(readPublishedSources('Fix a typo\n\n- docs: space x (y), revision z\n')).toBeUndefined();
    expect(
      readPublishedSources('Publish\n\nPublished content of site s:\n\nmore\n'),
    ).toBeUndefined();
  });
});
