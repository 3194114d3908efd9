import { createHash } from 'node:crypto';
import { SITE_CSS, SITE_JS } from './site-styles.js';

/** A static file of published sites, named by a hash of its content. */
export interface SiteAsset {
  /** `site.<hash>.css`: a new content gets a new name, so a browser keeps each for a year. */
  name: string;
  contentType: string;
  body: string;
}

function asset(base: string, extension: string, contentType: string, body: string): SiteAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${base}.${hash}.${extension}`, contentType, body };
}

/** The stylesheet and script every page links to. */
export const SITE_ASSETS = {
  css: asset('site', 'css', 'text/css; charset=utf-8', SITE_CSS),
  js: asset('site', 'js', 'text/javascript; charset=utf-8', SITE_JS),
} as const;

/** The asset called `name`, if there is one. */
export function siteAsset(name: string): SiteAsset | undefined {
  return Object.values(SITE_ASSETS).find((item) => item.name === name);
}
