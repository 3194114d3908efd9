import {
  AddSiteSectionBody,
  ListOf,
  ListSiteSectionsQuery,
  MoveSiteSectionBody,
  SiteSection,
  UpdateSiteSectionBody,
} from '@docsync/api';
import { operation, type Operation } from '../http/operation.js';
import { siteSectionResource } from '../resources/site-structure-resources.js';
import { insertSiteSection } from '../sites/insert-site-section.js';
import { moveStructureItem } from '../sites/move-structure-item.js';
import { pageInOrder } from '../sites/page-in-order.js';
import { removeFromSite } from '../sites/remove-from-site.js';
import { changeSiteAndShow, showSite, spaceToPublish } from '../sites/site-calls.js';
import type { SiteView } from '../sites/site-view.js';
import { updateSection } from '../sites/structure-updates.js';

const site = ['organizationId', 'siteId'] as const;
const section = [...site, 'siteSectionId'] as const;

/** Shows section `id` of a view. */
const sectionOf = (id: string) => (view: SiteView) =>
  siteSectionResource(view, view.tree.requireSection(id));

/**
 * The Site sections section. Lists are in the order the site shows its sections (depth first
 * through groups). `shareKey` changes nothing here: these reads are for members of the site's
 * organization, who see the share link anyway.
 */
export const siteSectionOperations: readonly Operation[] = [
  operation(
    'listSiteSections',
    { params: site, query: ListSiteSectionsQuery, response: ListOf(SiteSection) },
    (call) =>
      showSite(call, (view) =>
        pageInOrder(view.tree.sectionsUnder(null), call.query, (row) =>
          siteSectionResource(view, row),
        ),
      ),
  ),

  operation(
    'addSiteSection',
    { params: site, body: AddSiteSectionBody, response: SiteSection },
    async (call) => {
      const { body, ctx } = call;
      const space = await spaceToPublish(call, body.spaceId);
      const id = ctx.ids();
      return changeSiteAndShow(
        call,
        (trx, tree, now) =>
          insertSiteSection(trx, tree, {
            id,
            space,
            title: body.title,
            icon: body.icon,
            now,
            ids: ctx.ids,
          }),
        sectionOf(id),
      );
    },
  ),

  operation('deleteSiteSection', { params: section, response: null }, (call) =>
    changeSiteAndShow(
      call,
      async (trx, tree) => {
        // Absent already: nothing to do, and the answer is the same 204.
        if (tree.section(call.params.siteSectionId) === undefined) return;
        await removeFromSite(trx, tree, { sectionIds: [call.params.siteSectionId] });
      },
      () => undefined,
    ),
  ),

  operation(
    'updateSiteSection',
    { params: section, body: UpdateSiteSectionBody, response: SiteSection },
    (call) =>
      changeSiteAndShow(
        call,
        (trx, tree) =>
          updateSection(trx, tree, tree.requireSection(call.params.siteSectionId), call.body),
        sectionOf(call.params.siteSectionId),
      ),
  ),

  operation(
    'moveSiteSection',
    { params: section, body: MoveSiteSectionBody, response: SiteSection },
    (call) =>
      changeSiteAndShow(
        call,
        (trx, tree) =>
          moveStructureItem(trx, tree, 'site-section', call.params.siteSectionId, {
            before: call.body.position.before?.siteSection,
            after: call.body.position.after?.siteSection,
          }),
        sectionOf(call.params.siteSectionId),
      ),
  ),
];
