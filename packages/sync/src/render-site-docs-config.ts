import type { SiteSection, SiteSpace, SiteStructure } from '@docsync/api';

/** The name site-wide Git Sync gives the file that maps a site's spaces to directories. */
export const SITE_DOCS_CONFIG = 'docs.yaml';

/** A YAML scalar: JSON's double-quoted strings are YAML's too, so any text stays one string. */
const text = (value: string) => JSON.stringify(value);

function spaceLines(siteSpace: SiteSpace, directory: string, indent: string): string[] {
  return [
    `${indent}- type: space`,
    `${indent}  key: ${text(siteSpace.id)}`,
    `${indent}  title: ${text(siteSpace.title)}`,
    `${indent}  path: ${text(siteSpace.path)}`,
    ...(siteSpace.default ? [`${indent}  default: true`] : []),
    `${indent}  content:`,
    `${indent}    directory: ${text(`./${directory}`)}`,
  ];
}

function sectionLines(
  section: SiteSection,
  directoryOf: (siteSpace: SiteSpace) => string,
  indent: string,
): string[] {
  return [
    `${indent}- type: section`,
    `${indent}  key: ${text(section.id)}`,
    `${indent}  title: ${text(section.title)}`,
    `${indent}  path: ${text(section.path)}`,
    ...(section.default === true ? [`${indent}  default: true`] : []),
    `${indent}  children:`,
    ...section.siteSpaces.flatMap((siteSpace) =>
      spaceLines(siteSpace, directoryOf(siteSpace), `${indent}    `),
    ),
  ];
}

/**
 * The `docs.yaml` of site-wide Git Sync for a site's published structure: its sections, section
 * groups and site spaces in order (keys are their ids, so they stay stable), each site space's
 * `content.directory` the one it was written to. What core's `parseDocsConfig` and
 * `treeToSiteRevisions` read back. Pure.
 */
export function renderSiteDocsConfig(
  title: string,
  structure: SiteStructure,
  directories: ReadonlyMap<string, string>,
): string {
  const directoryOf = (siteSpace: SiteSpace) => directories.get(siteSpace.id) ?? siteSpace.path;
  const items =
    structure.type === 'siteSpaces'
      ? structure.structure.flatMap((siteSpace) =>
          spaceLines(siteSpace, directoryOf(siteSpace), '    '),
        )
      : structure.structure.flatMap((item) =>
          item.object === 'site-section-group'
            ? [
                '    - type: section-group',
                `      key: ${text(item.id)}`,
                `      title: ${text(item.title)}`,
                '      children:',
                ...item.children.flatMap((section) =>
                  sectionLines(section, directoryOf, '        '),
                ),
              ]
            : sectionLines(item, directoryOf, '    '),
        );
  return ['site:', `  title: ${text(title)}`, '  structure:', ...items, ''].join('\n');
}
