/**
 * A small, realistic GitBook Git Sync repository (the docs at the repository root, as Git Sync
 * writes them), with what such repositories hold besides the pages: reusable content used by an
 * `{% include %}`, `.gitbook.yaml` with a redirect, an image, a licence and a CI workflow the
 * service does not model, a page SUMMARY.md does not list, and pages written in valid markdown
 * that is not the form `docsync fmt` writes (`- one` where fmt writes `* one`).
 */

/** A 1×1 PNG. */
export const SETTINGS_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP438AAAAQBAYDFKhhdAAAAAElFTkSuQmCC',
  'base64',
);

export const GITBOOK_YAML = `root: ./

structure:
  readme: README.md
  summary: SUMMARY.md

redirects:
  install: getting-started/installation.md
`;

export const NOTE_INCLUDE = `---
title: Note
---

{% hint style="info" %}
Remember to save your work before you deploy.
{% endhint %}
`;

export const LICENSE = `MIT License

Copyright (c) 2026 Acme

Permission is hereby granted, free of charge, to any person obtaining a copy of this software.
`;

export const CI_WORKFLOW = `name: ci
on: [push]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npx docsync fmt --check .
`;

/** Paragraphs tests edit, each on a page of its own. */
export const DEPLOY_FIRST = 'Deploy the service with one command from the project directory.';
export const DEPLOY_SECOND = 'Roll back by deploying the previous tag.';
export const CONFIG_PARAGRAPH = 'Set the options in `acme.yaml` at the root of the project.';
export const INSTALL_PARAGRAPH = 'Install the Acme command line with your package manager.';
export const LANDING_PARAGRAPH = 'Acme keeps your widgets in order.';

/** Where the Git Sync tree sits in the repository: at its root, or in `docs/`. */
export type Layout = 'root' | 'docs';

/** The Git Sync tree's own files, paths relative to its directory. */
export function gitSyncDocs(): Record<string, string | Uint8Array> {
  return {
    '.gitbook.yaml': GITBOOK_YAML,
    'README.md': `# Acme Docs\n\n${LANDING_PARAGRAPH}\n\nStart with the installation guide.\n`,
    'SUMMARY.md': SUMMARY,
    // Valid markdown fmt writes differently: `-` bullets (fmt: `*`).
    'getting-started/installation.md': `# Installation\n\n${INSTALL_PARAGRAPH}\n\n- macOS\n- Linux\n- Windows\n`,
    'getting-started/quick-start.md':
      '# Quick start\n\nStart the service and open the dashboard.\n\n{% include "../.gitbook/includes/note.md" %}\n',
    'guides/configuration.md': `# Configuration\n\n${CONFIG_PARAGRAPH}\n\n![The settings screen](../.gitbook/assets/settings.png)\n\n- port\n- host\n`,
    'guides/deployment.md': DEPLOYMENT,
    '.gitbook/includes/note.md': NOTE_INCLUDE,
    '.gitbook/assets/settings.png': SETTINGS_PNG,
    // Not listed in SUMMARY.md: the service does not import it.
    [UNLISTED_PATH]: UNLISTED,
  };
}

export const SUMMARY = [
  '# Table of contents',
  '',
  '## Getting started',
  '',
  '* [Acme Docs](README.md)',
  '* [Installation](getting-started/installation.md)',
  '* [Quick start](getting-started/quick-start.md)',
  '',
  '## Guides',
  '',
  '* [Configuration](guides/configuration.md)',
  '* [Deployment](guides/deployment.md)',
  '',
].join('\n');

export const DEPLOYMENT = `# Deployment\n\n${DEPLOY_FIRST}\n\n${DEPLOY_SECOND}\n`;
export const UNLISTED_PATH = 'drafts/unlisted.md';
export const UNLISTED = '# Unlisted draft\n\nNot in the table of contents yet.\n';

/** Files at the repository root that are not docs: the service does not model them. */
export const PROJECT_FILES = {
  LICENSE,
  '.github/workflows/ci.yml': CI_WORKFLOW,
} as const;

/**
 * The whole repository, paths from its root: the Git Sync tree (at the root, or under `docs/`)
 * and the project's licence and CI workflow at the root.
 */
export function gitSyncRepository(layout: Layout): Record<string, string | Uint8Array> {
  const prefix = layout === 'root' ? '' : 'docs/';
  return {
    ...Object.fromEntries(
      Object.entries(gitSyncDocs()).map(([path, content]) => [`${prefix}${path}`, content]),
    ),
    ...PROJECT_FILES,
  };
}
