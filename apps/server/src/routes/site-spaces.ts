import {
  AddSiteSpaceBody,
  ListOf,
  ListSiteSpacesQuery,
  MoveSiteSpaceBody,
  SiteSpace,
  UpdateSiteSpaceBody,
} from '@docsync/api';
import { operation, type Operation } from '../http/operation.js';
import { siteSpaceResource } from '../resources/site-structure-resources.js';
import { insertSiteSpace } from '../sites/insert-site-space.js';
import { moveStructureItem } from '../sites/move-structure-item.js';
import { pageInOrder } from '../sites/page-in-order.js';
import { removeFromSite } from '../sites/remove-from-site.js';
import { changeSiteAndShow, showSite, spaceToPublish } from '../sites/site-calls.js';
import type { SiteTree } from '../sites/site-tree.js';
import type { SiteView } from '../sites/site-view.js';
import { updateSiteSpace } from '../sites/structure-updates.js';

const site = ['organizationId', 'siteId'] as const;
const siteSpace = [...site, 'siteSpaceId'] as const;

/** Shows site space `id` of a view. */
const siteSpaceOf = (id: string) => (view: SiteView) =>
  siteSpaceResource(view, view.tree.requireSiteSpace(id));

/** Where an added site space goes: the named section, else the default one, else the top level. */
function containerFor(tree: SiteTree, sectionId: string | undefined): string | null {
  if (sectionId !== undefined) return tree.requireSection(sectionId).id;
  return tree.defaultSection()?.id ?? null;
}

/**
 * The Site spaces section. Lists are in the order the site shows them (section by section);
 * `default` keeps only the site spaces that are (true) or are not (false) the default of their
 * section or site. Removing the last site space of a section removes the section.
 */
export const siteSpaceOperations: readonly Operation[] = [
  operation(
    'listSiteSpaces',
    { params: site, query: ListSiteSpacesQuery, response: ListOf(SiteSpace) },
    (call) =>
      showSite(call, (view) => {
        const wanted = call.query.default;
        const rows = view.tree
          .siteSpacesInOrder()
          .filter((row) => wanted === undefined || Boolean(row.is_default) === wanted);
        return pageInOrder(rows, call.query, (row) => siteSpaceResource(view, row));
      }),
  ),

  operation(
    'addSiteSpace',
    { params: site, body: AddSiteSpaceBody, response: SiteSpace },
    async (call) => {
      const space = await spaceToPublish(call, call.body.spaceId);
      const id = call.ctx.ids();
      return changeSiteAndShow(
        call,
        (trx, tree, now) =>
          insertSiteSpace(trx, tree, {
            id,
            space,
            sectionId: containerFor(tree, call.body.sectionId),
            now,
            ids: call.ctx.ids,
          }),
        siteSpaceOf(id),
      );
    },
  ),

  operation('deleteSiteSpace', { params: siteSpace, response: null }, (call) =>
    changeSiteAndShow(
      call,
      async (trx, tree) => {
        const row = tree.siteSpace(call.params.siteSpaceId);
        // Absent already: nothing to do, and the answer is the same 204.
        if (row !== undefined) await removeFromSite(trx, tree, { siteSpaces: [row] });
      },
      () => undefined,
    ),
  ),

  operation(
    'updateSiteSpace',
    { params: siteSpace, body: UpdateSiteSpaceBody, response: SiteSpace },
    async (call) => {
      const { spaceId } = call.body;
      const space = spaceId === undefined ? undefined : await spaceToPublish(call, spaceId);
      return changeSiteAndShow(
        call,
        (trx, tree) =>
          updateSiteSpace(
            trx,
            tree,
            tree.requireSiteSpace(call.params.siteSpaceId),
            call.body,
            space,
          ),
        siteSpaceOf(call.params.siteSpaceId),
      );
    },
  ),

  operation(
    'moveSiteSpace',
    { params: siteSpace, body: MoveSiteSpaceBody, response: SiteSpace },
    (call) =>
      changeSiteAndShow(
        call,
        (trx, tree) =>
          moveStructureItem(trx, tree, 'site-space', call.params.siteSpaceId, {
            before: call.body.position.before?.siteSpace,
            after: call.body.position.after?.siteSpace,
          }),
        siteSpaceOf(call.params.siteSpaceId),
      ),
  ),
];
