/** What a slot of a template takes: an image, or an OpenAPI description (JSON or YAML). */
export type SlotKind = 'image' | 'openapi';

/** A named place in a template that `params.contentRefs` fills with a file of the space. */
export interface TemplateSlot {
  kind: SlotKind;
  required: boolean;
  /** One line for people (the README lists them). */
  description: string;
}

/** A page a template adds; `markdown` is given the names of the slots that were filled. */
export interface TemplatePage {
  markdown: (filled: ReadonlySet<string>) => string;
  pages?: readonly TemplatePage[];
}

/** A built-in content template. */
export interface Template {
  id: string;
  title: string;
  slots: Readonly<Record<string, TemplateSlot>>;
  pages: readonly TemplatePage[];
}

/**
 * Where a slot's file goes in a template's markdown: an image or file source the template
 * writer puts in the markdown, replaced by a reference to the file once parsed.
 */
export function slotUrl(name: string): string {
  return `docsync-slot:${name}`;
}

/** A page whose markdown does not depend on the slots. */
const page = (markdown: string, pages?: readonly TemplatePage[]): TemplatePage => ({
  markdown: () => markdown,
  ...(pages === undefined ? {} : { pages }),
});

/** The logo figure, when the `logo` slot is filled. */
const logo = (filled: ReadonlySet<string>) =>
  filled.has('logo')
    ? `<figure><img src="${slotUrl('logo')}" alt="Logo"><figcaption></figcaption></figure>\n\n`
    : '';

const gettingStarted: Template = {
  id: 'getting-started',
  title: 'Getting started',
  slots: {
    logo: { kind: 'image', required: false, description: 'An image shown on the welcome page.' },
  },
  pages: [
    {
      markdown: (filled) => `# Welcome

${logo(filled)}This is the documentation of the product: what it does, how to install it, and where to get help.

## Where to go next

* **Quickstart**: install and run it in five minutes.
* **FAQ**: answers to the questions people ask most.
`,
    },
    page(`# Quickstart

Follow these steps to go from nothing to a working setup.

1. Install the package.
2. Create a configuration file.
3. Run it and check the output.

\`\`\`bash
npm install your-package
\`\`\`

{% hint style="info" %}
Replace \`your-package\` with the name of your package.
{% endhint %}
`),
    page(`# FAQ

## Who is this documentation for?

Anyone who uses the product, from a first install to daily work.

## How do I report a problem?

Open an issue and say what you did, what you expected and what happened instead.
`),
  ],
};

const apiReference: Template = {
  id: 'api-reference',
  title: 'API reference',
  slots: {
    spec: {
      kind: 'openapi',
      required: true,
      description: 'The OpenAPI description of the API (a `.json`, `.yaml` or `.yml` file).',
    },
  },
  pages: [
    {
      markdown: () => `# API reference

The reference of every operation of the API is generated from its OpenAPI description:

{% file src="${slotUrl('spec')}" %}
The OpenAPI description of the API
{% endfile %}

Start with **Authentication**, then read how **Errors** are reported.
`,
      pages: [
        page(`# Authentication

Every request carries a token in the \`Authorization\` header:

\`\`\`http
Authorization: Bearer <token>
\`\`\`

A request without a valid token is answered with \`401\`.
`),
        page(`# Errors

Errors are answered with a status code and a JSON body:

\`\`\`json
{ "error": { "code": 404, "message": "Not found" } }
\`\`\`

| Status | Meaning |
| ------ | ------- |
| 400 | The request is invalid. |
| 401 | The token is missing or invalid. |
| 404 | The resource does not exist. |
`),
      ],
    },
  ],
};

const changelog: Template = {
  id: 'changelog',
  title: 'Changelog',
  slots: {},
  pages: [
    page(`# Changelog

All notable changes, newest first.

## 1.0.0

### Added

* The first stable release.

### Fixed

* Nothing yet: this is where fixes are listed.
`),
    page(`# Release process

1. Move the unreleased entries under a new version heading.
2. Tag the release.
3. Announce it.
`),
  ],
};

const knowledgeBase: Template = {
  id: 'knowledge-base',
  title: 'Knowledge base',
  slots: {
    logo: { kind: 'image', required: false, description: 'An image shown on the home page.' },
  },
  pages: [
    {
      markdown: (filled) => `# Knowledge base

${logo(filled)}Answers to common questions, guides for common tasks and fixes for common problems.
`,
    },
    page(`# How-to guides

Short guides that each solve one task.

## How to write a guide

1. Name the task in the title.
2. List what is needed first.
3. Give the steps, one action each.
`),
    page(`# Troubleshooting

## Something does not work

* Check the status page.
* Read the error message: it usually says what to fix.
* Ask for help with the steps that reproduce the problem.
`),
    page(`# Glossary

**Space**: a set of pages published together.

**Change request**: proposed edits, reviewed before they are merged.
`),
  ],
};

/** docsync's built-in templates by id. */
export const templates: ReadonlyMap<string, Template> = new Map(
  [gettingStarted, apiReference, changelog, knowledgeBase].map((template) => [
    template.id,
    template,
  ]),
);
