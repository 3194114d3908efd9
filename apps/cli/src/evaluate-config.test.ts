import { mkdtempSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childProcessEvaluator } from './evaluate-config.js';

function site(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'docsync-eval-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('childProcessEvaluator', () => {
  it('runs a sidebars.js that requires local files, and a TypeScript one importing without extensions', () => {
    const dir = site({
      'sidebars.js':
        "const api = require('./api-sidebar');\nmodule.exports = {docs: ['intro', ...api]};\n",
      'api-sidebar.js': "module.exports = ['api/a', 'api/b'];\n",
      'website/sidebars.ts': [
        "import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';",
        "import { SidebarItemConfig } from '@docusaurus/plugin-content-docs/src/sidebars/types';",
        "import guides from './guides';",
        'type Items = SidebarItemConfig[];',
        "const extra: Items = ['faq'];",
        'export default { docs: [...guides, ...extra] } satisfies SidebarsConfig;',
        '',
      ].join('\n'),
      'website/guides.ts': "export default ['guides/one'] as string[];\n",
      'website/docusaurus.config.js':
        "module.exports = {presets: [['classic', {docs: {sidebarPath: require.resolve('./sidebars.ts')}}]]};\n",
    });
    const evaluate = childProcessEvaluator(dir);
    expect(evaluate('sidebars.js')).toEqual({ value: { docs: ['intro', 'api/a', 'api/b'] } });
    // A type-only name from a package that is not installed costs nothing.
    expect(evaluate('website/sidebars.ts')).toEqual({ value: { docs: ['guides/one', 'faq'] } });
    // Paths the module resolves inside its folder come back relative to it.
    expect(evaluate('website/docusaurus.config.js')).toEqual({
      value: { presets: [['classic', { docs: { sidebarPath: './sidebars.ts' } }]] },
    });
  });

  it('names the missing npm package when the module uses it', () => {
    const dir = site({
      'sidebars.js':
        "const { make } = require('docsync-no-such-package');\nmodule.exports = make();\n",
    });
    const result = childProcessEvaluator(dir)('sidebars.js');
    expect(result).toEqual({
      error: expect.stringContaining('docsync-no-such-package') as unknown,
    });
    expect(JSON.stringify(result)).toContain('not installed');
  });

  it('refuses the network, reads nothing outside the site, and stops a module that never ends', async () => {
    const server = createServer((socket) => socket.end('hello'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as { port: number }).port;
    const outside = site({ 'secret.txt': 'secret' });
    const dir = site({
      'net.js': `const net = require('node:net');\nnet.connect(${String(port)}, '127.0.0.1');\nmodule.exports = {};\n`,
      'fetch.mjs': `await fetch('http://127.0.0.1:${String(port)}/');\nexport default {};\n`,
      'read.js': `module.exports = {s: require('node:fs').readFileSync(${JSON.stringify(join(outside, 'secret.txt'))}, 'utf8')};\n`,
      'write.js': `require('node:fs').writeFileSync(__dirname + '/x', 'x');\nmodule.exports = {};\n`,
      'loop.js': 'for (;;) {}\n',
    });
    const evaluate = childProcessEvaluator(dir, { timeoutMs: 1_500 });
    try {
      expect(evaluate('net.js')).toEqual({ error: expect.stringContaining('network') as unknown });
      expect(evaluate('fetch.mjs')).toEqual({
        error: expect.stringContaining('network') as unknown,
      });
      expect(evaluate('read.js')).toEqual({
        error: expect.stringMatching(/access|permission/i) as unknown,
      });
      expect(evaluate('write.js')).toEqual({
        error: expect.stringMatching(/access|permission/i) as unknown,
      });
      expect(evaluate('loop.js')).toEqual({ error: 'it ran longer than 1.5 s' });
    } finally {
      server.close();
    }
  });
});
