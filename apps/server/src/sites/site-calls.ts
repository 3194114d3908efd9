import type { Caller } from '../auth/api-tokens.js';
import type { ServerContext } from '../server-context.js';
import { changeSite, requireSite, requireSpaceToPublish, type SiteAccess } from './site-access.js';
import type { SiteTree } from './site-tree.js';
import { memberSiteView, type SiteView } from './site-view.js';

/** What the operations on a site's structure read from their call. */
export interface SiteCall {
  readonly params: Readonly<{ organizationId: string; siteId: string }>;
  readonly caller: Caller;
  readonly ctx: ServerContext;
  readonly baseUrl: string;
}

/** The site a call names, for a member of its organization (404 otherwise). */
export function siteOfCall(call: SiteCall): Promise<SiteAccess> {
  return requireSite(call.ctx.db, call.caller, call.params.organizationId, call.params.siteId);
}

/** What `show` makes of the site a call names, as its caller sees it. */
export async function showSite<T>(
  call: SiteCall,
  show: (view: SiteView) => T | Promise<T>,
): Promise<T> {
  return show(await memberSiteView(call.ctx.db, await siteOfCall(call), call.baseUrl));
}

/**
 * The write path of a structure operation: `change` runs in the site's write turn (see
 * `changeSite`), then `show` makes the response from the site as it now is.
 */
export async function changeSiteAndShow<T>(
  call: SiteCall,
  change: (trx: ServerContext['db'], tree: SiteTree, now: Date) => Promise<unknown>,
  show: (view: SiteView) => T | Promise<T>,
): Promise<T> {
  const access = await siteOfCall(call);
  await changeSite(call.ctx, access, change);
  return show(await memberSiteView(call.ctx.db, access, call.baseUrl));
}

/** The space `spaceId`, checked as one the caller may publish on the site the call names. */
export function spaceToPublish(call: SiteCall, spaceId: string) {
  const { ctx, caller, params } = call;
  return requireSpaceToPublish(ctx.db, caller, params.organizationId, spaceId, ctx.clock);
}
