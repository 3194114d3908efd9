import { ListOf } from '../schemas/common.js';
import { MoveSiteSectionBody } from '../schemas/move.js';
import {
  AddSiteSectionBody,
  ListSiteSectionsQuery,
  SiteSection,
  UpdateSiteSectionBody,
} from '../schemas/site-section.js';
import { defineRoutes } from './define-routes.js';

const sections = '/v1/orgs/{organizationId}/sites/{siteId}/sections';

/** Site sections: the tabs of a site, each made of site spaces. */
export const siteSectionRoutes = defineRoutes('Site sections', [
  {
    operationId: 'listSiteSections',
    method: 'GET',
    path: sections,
    summary: 'List the sections of a site.',
    query: ListSiteSectionsQuery,
    responses: { 200: ListOf(SiteSection) },
  },
  {
    operationId: 'addSiteSection',
    method: 'POST',
    path: sections,
    summary: 'Add a section made of a space to a site.',
    body: AddSiteSectionBody,
    responses: { 201: SiteSection },
    errors: [409],
  },
  {
    operationId: 'deleteSiteSection',
    method: 'DELETE',
    path: `${sections}/{siteSectionId}`,
    summary: 'Remove a section from a site (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateSiteSection',
    method: 'PATCH',
    path: `${sections}/{siteSectionId}`,
    summary: 'Update a section.',
    body: UpdateSiteSectionBody,
    responses: { 200: SiteSection },
    errors: [409],
  },
  {
    operationId: 'moveSiteSection',
    method: 'POST',
    path: `${sections}/{siteSectionId}/move`,
    summary: 'Move a section among its siblings (deprecated: use sortSiteStructure).',
    body: MoveSiteSectionBody,
    responses: { 200: SiteSection },
    errors: [409],
  },
]);
