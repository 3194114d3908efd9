import { ListOf, shareKeyProperty } from '../schemas/common.js';
import { Type } from 'typebox';
import { CreateSiteBody, ListSitesQuery, Site, UpdateSiteBody } from '../schemas/site.js';
import {
  SiteAdaptiveConditions,
  SiteAdaptiveSchema,
  UpdateSiteAdaptiveSchemaBody,
} from '../schemas/site-adaptive-schema.js';
import {
  PublishedContentSite,
  SitePublishingAuth,
  SiteStructure,
  SiteStructureItem,
  SortSiteStructureBody,
} from '../schemas/site-structure.js';
import { defineRoutes } from './define-routes.js';

const site = '/v1/orgs/{organizationId}/sites/{siteId}';

/** Sites: create, settings, adaptive-content schema, the published profile, structure order. */
export const siteRoutes = defineRoutes('Sites', [
  {
    operationId: 'listSites',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'List the sites of an organization.',
    query: ListSitesQuery,
    responses: { 200: ListOf(Site) },
  },
  {
    operationId: 'createSite',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/sites',
    summary: 'Create a site, optionally publishing spaces on it.',
    body: CreateSiteBody,
    responses: { 201: Site },
  },
  {
    operationId: 'getSiteById',
    method: 'GET',
    path: site,
    summary: 'Get a site.',
    responses: { 200: Site },
  },
  {
    operationId: 'deleteSiteById',
    method: 'DELETE',
    path: site,
    summary: 'Delete a site (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateSiteById',
    method: 'PATCH',
    path: site,
    summary: "Update a site's settings.",
    body: UpdateSiteBody,
    responses: { 200: Site },
  },
  {
    operationId: 'getSiteAdaptiveSchema',
    method: 'GET',
    path: `${site}/adaptive-schema`,
    summary: "Get the site's adaptive-content visitor schema.",
    responses: { 200: SiteAdaptiveSchema },
  },
  {
    operationId: 'updateSiteAdaptiveSchema',
    method: 'PUT',
    path: `${site}/adaptive-schema`,
    summary: "Replace the site's adaptive-content visitor schema.",
    body: UpdateSiteAdaptiveSchemaBody,
    responses: { 200: SiteAdaptiveSchema },
  },
  {
    operationId: 'getSiteAdaptiveSchemaTemplateConditions',
    method: 'GET',
    path: `${site}/adaptive-schema/template-conditions`,
    summary: 'List conditions for adaptive-content expressions, made from the visitor schema.',
    responses: { 200: SiteAdaptiveConditions },
  },
  {
    operationId: 'getPublishedContentSite',
    method: 'GET',
    path: `${site}/published`,
    summary:
      'Get everything the published experience of a site needs (visitor-auth: `X-Visitor-Token`).',
    query: Type.Object({ shareKey: shareKeyProperty }),
    responses: { 200: PublishedContentSite },
  },
  {
    operationId: 'sortSiteStructure',
    method: 'PATCH',
    path: `${site}/structure/sort`,
    summary:
      'Move a section, section group or site space to a position among its siblings; answers the moved item.',
    body: SortSiteStructureBody,
    responses: { 200: SiteStructureItem },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'getSiteStructure',
    method: 'GET',
    path: `${site}/structure`,
    summary:
      "Get a site's structure: its sections and section groups, or its site spaces, in order.",
    responses: { 200: SiteStructure },
    extension: true,
  },
  {
    operationId: 'getSitePublishingAuth',
    method: 'GET',
    path: `${site}/publishing/auth`,
    summary: 'Get the key that signs the visitor tokens of a visitor-auth site.',
    responses: { 200: SitePublishingAuth },
    extension: true,
  },
]);
