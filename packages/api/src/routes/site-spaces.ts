import { ListOf } from '../schemas/common.js';
import { MoveSiteSpaceBody } from '../schemas/move.js';
import {
  AddSiteSpaceBody,
  ListSiteSpacesQuery,
  SiteSpace,
  UpdateSiteSpaceBody,
} from '../schemas/site-space.js';
import { defineRoutes } from './define-routes.js';

const siteSpaces = '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces';

/** Site spaces: the spaces a site publishes, each at a path. */
export const siteSpaceRoutes = defineRoutes('Site spaces', [
  {
    operationId: 'listSiteSpaces',
    method: 'GET',
    path: siteSpaces,
    summary: 'List the site spaces of a site.',
    query: ListSiteSpacesQuery,
    responses: { 200: ListOf(SiteSpace) },
  },
  {
    operationId: 'addSiteSpace',
    method: 'POST',
    path: siteSpaces,
    summary: 'Publish a space on a site.',
    body: AddSiteSpaceBody,
    responses: { 201: SiteSpace },
    errors: [409],
  },
  {
    operationId: 'deleteSiteSpace',
    method: 'DELETE',
    path: `${siteSpaces}/{siteSpaceId}`,
    summary: 'Stop publishing a site space (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateSiteSpace',
    method: 'PATCH',
    path: `${siteSpaces}/{siteSpaceId}`,
    summary: "Update a site space's path, condition or space.",
    body: UpdateSiteSpaceBody,
    responses: { 200: SiteSpace },
    errors: [409],
  },
  {
    operationId: 'moveSiteSpace',
    method: 'POST',
    path: `${siteSpaces}/{siteSpaceId}/move`,
    summary: 'Move a site space among its siblings.',
    body: MoveSiteSpaceBody,
    responses: { 200: SiteSpace },
    errors: [409],
  },
]);
