import {
  AddSectionToGroupBody,
  AddSiteSectionGroupBody,
  ListOf,
  MoveSiteSectionGroupBody,
  PaginationQuery,
  SiteSectionGroup,
  UpdateSiteSectionGroupBody,
} from '@docsync/api';
import { operation, type Operation } from '../http/operation.js';
import { siteSectionGroupResource } from '../resources/site-structure-resources.js';
import {
  deleteSectionGroup,
  moveSectionIntoGroup,
  moveSectionOutOfGroup,
} from '../sites/group-membership.js';
import { insertSectionGroup, updateSectionGroup } from '../sites/insert-section-group.js';
import { moveStructureItem } from '../sites/move-structure-item.js';
import { pageInOrder } from '../sites/page-in-order.js';
import { changeSiteAndShow, showSite } from '../sites/site-calls.js';
import type { SiteView } from '../sites/site-view.js';

const site = ['organizationId', 'siteId'] as const;
const group = [...site, 'siteSectionGroupId'] as const;

/** Shows group `id` of a view. */
const groupOf = (id: string) => (view: SiteView) =>
  siteSectionGroupResource(view, view.tree.requireGroup(id));

/**
 * The Site section groups section. Lists are in the order the site shows its groups (depth
 * first). Deleting a group keeps what was in it: its sections and groups take its place.
 */
export const siteSectionGroupOperations: readonly Operation[] = [
  operation(
    'listSiteSectionGroups',
    { params: site, query: PaginationQuery, response: ListOf(SiteSectionGroup) },
    (call) =>
      showSite(call, (view) =>
        pageInOrder(view.tree.groupsUnder(null), call.query, (row) =>
          siteSectionGroupResource(view, row),
        ),
      ),
  ),

  operation(
    'addSiteSectionGroup',
    { params: site, body: AddSiteSectionGroupBody, response: SiteSectionGroup },
    (call) => {
      const id = call.ctx.ids();
      return changeSiteAndShow(
        call,
        (trx, tree, now) => insertSectionGroup(trx, tree, { ...call.body, id, now }),
        groupOf(id),
      );
    },
  ),

  operation('deleteSiteSectionGroup', { params: group, response: null }, (call) =>
    changeSiteAndShow(
      call,
      async (trx, tree) => {
        const row = tree.group(call.params.siteSectionGroupId);
        // Absent already: nothing to do, and the answer is the same 204.
        if (row !== undefined) await deleteSectionGroup(trx, tree, row);
      },
      () => undefined,
    ),
  ),

  operation(
    'updateSiteSectionGroup',
    { params: group, body: UpdateSiteSectionGroupBody, response: SiteSectionGroup },
    (call) =>
      changeSiteAndShow(
        call,
        async (trx, tree) => {
          const row = tree.requireGroup(call.params.siteSectionGroupId);
          await updateSectionGroup(trx, row.id, call.body);
        },
        groupOf(call.params.siteSectionGroupId),
      ),
  ),

  operation(
    'addSiteSectionToGroup',
    { params: group, body: AddSectionToGroupBody, response: SiteSectionGroup },
    (call) =>
      changeSiteAndShow(
        call,
        async (trx, tree) => {
          const row = tree.requireGroup(call.params.siteSectionGroupId);
          await moveSectionIntoGroup(trx, tree, tree.requireSection(call.body.sectionId), row.id);
        },
        groupOf(call.params.siteSectionGroupId),
      ),
  ),

  operation(
    'removeSiteSectionFromGroup',
    { params: [...group, 'siteSectionId'], response: null },
    (call) =>
      changeSiteAndShow(
        call,
        async (trx, tree) => {
          const row = tree.requireGroup(call.params.siteSectionGroupId);
          const section = tree.section(call.params.siteSectionId);
          // A section that is absent or elsewhere is not in the group: nothing to take out.
          if (section !== undefined) await moveSectionOutOfGroup(trx, tree, section, row);
        },
        () => undefined,
      ),
  ),

  operation(
    'moveSiteSectionGroup',
    { params: group, body: MoveSiteSectionGroupBody, response: SiteSectionGroup },
    (call) =>
      changeSiteAndShow(
        call,
        (trx, tree) =>
          moveStructureItem(trx, tree, 'site-section-group', call.params.siteSectionGroupId, {
            before: call.body.position.before?.id,
            after: call.body.position.after?.id,
          }),
        groupOf(call.params.siteSectionGroupId),
      ),
  ),
];
