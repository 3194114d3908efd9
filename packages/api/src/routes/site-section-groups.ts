import { ListOf, PaginationQuery } from '../schemas/common.js';
import { MoveSiteSectionGroupBody } from '../schemas/move.js';
import {
  AddSectionToGroupBody,
  AddSiteSectionGroupBody,
  SiteSectionGroup,
  UpdateSiteSectionGroupBody,
} from '../schemas/site-section-group.js';
import { defineRoutes } from './define-routes.js';

const groups = '/v1/orgs/{organizationId}/sites/{siteId}/section-groups';
const group = `${groups}/{siteSectionGroupId}`;

/** Site section groups: named groups of sections. */
export const siteSectionGroupRoutes = defineRoutes('Site section groups', [
  {
    operationId: 'listSiteSectionGroups',
    method: 'GET',
    path: groups,
    summary: 'List the section groups of a site.',
    query: PaginationQuery,
    responses: { 200: ListOf(SiteSectionGroup) },
  },
  {
    operationId: 'addSiteSectionGroup',
    method: 'POST',
    path: groups,
    summary: 'Create a section group, optionally moving sections into it.',
    body: AddSiteSectionGroupBody,
    responses: { 201: SiteSectionGroup },
  },
  {
    operationId: 'deleteSiteSectionGroup',
    method: 'DELETE',
    path: group,
    summary: 'Delete a section group (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateSiteSectionGroup',
    method: 'PATCH',
    path: group,
    summary: 'Update a section group.',
    body: UpdateSiteSectionGroupBody,
    responses: { 200: SiteSectionGroup },
  },
  {
    operationId: 'addSiteSectionToGroup',
    method: 'POST',
    path: `${group}/sections`,
    summary: 'Put a section into a group.',
    body: AddSectionToGroupBody,
    responses: { 201: SiteSectionGroup },
    errors: [409],
  },
  {
    operationId: 'removeSiteSectionFromGroup',
    method: 'DELETE',
    path: `${group}/sections/{siteSectionId}`,
    summary: 'Take a section out of a group (succeeds when it was not in the group).',
    responses: { 204: null },
  },
  {
    operationId: 'moveSiteSectionGroup',
    method: 'POST',
    path: `${group}/move`,
    summary: 'Move a section group among its siblings.',
    body: MoveSiteSectionGroupBody,
    responses: { 200: SiteSectionGroup },
    errors: [409],
  },
]);
