import { describe, expect, it } from 'vitest';
import { renderCommitMessage } from './pull-message.js';
import {
  DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE,
  DEFAULT_COMMIT_MESSAGE,
  parseSyncConfig,
} from './sync-config.js';

describe('renderCommitMessage', () => {
  it('writes a merged change request as `DOCSYNC-{number}: {subject}` by default', () => {
    expect(
      renderCommitMessage(DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE, {
        space: 'Guides',
        revision: 'r1',
        number: 12,
        subject: 'Reword the install guide',
      }),
    ).toBe('DOCSYNC-12: Reword the install guide');
  });

  it('writes main-content edits with the space title', () => {
    expect(renderCommitMessage(DEFAULT_COMMIT_MESSAGE, { space: 'Guides', revision: 'r1' })).toBe(
      'docsync: sync from space Guides',
    );
  });

  it('fills placeholders in one pass, so a value that looks like one stays as written', () => {
    expect(
      renderCommitMessage('{space} {revision} {number} {subject}', {
        space: '{subject}',
        revision: 'r2',
      }),
    ).toBe('{subject} r2  ');
  });
});

describe('parseSyncConfig', () => {
  it('reads the change request message template', () => {
    const config = parseSyncConfig(
      JSON.stringify({
        url: 'https://docs.example.com',
        space: 's1',
        branch: 'main',
        dir: 'docs',
        changeRequestCommitMessage: 'docs: {subject} (#{number})',
      }),
    );
    expect(config.changeRequestCommitMessage).toBe('docs: {subject} (#{number})');
  });
});
