import { ListOf, PaginationQuery } from '../schemas/common.js';
import { ContentLinkListing, ListContentLinksQuery } from '../schemas/content-link.js';
import { MoveSpaceOrCollectionBody } from '../schemas/move.js';
import {
  CreateSpaceBody,
  GetSpaceQuery,
  Space,
  TransferSpaceBody,
  UpdateSpaceBody,
} from '../schemas/space.js';
import { defineRoutes } from './define-routes.js';

/** Spaces: get, update, delete and restore, duplicate, move, transfer, links; create and list. */
export const spaceRoutes = defineRoutes('Spaces', [
  {
    operationId: 'getSpaceById',
    method: 'GET',
    path: '/v1/spaces/{spaceId}',
    summary: 'Get a space.',
    query: GetSpaceQuery,
    responses: { 200: Space },
  },
  {
    operationId: 'deleteSpaceById',
    method: 'DELETE',
    path: '/v1/spaces/{spaceId}',
    summary: 'Delete a space; it can be restored for 7 days, then it is removed for good.',
    responses: { 204: null },
  },
  {
    operationId: 'updateSpaceById',
    method: 'PATCH',
    path: '/v1/spaces/{spaceId}',
    summary: "Update a space's settings.",
    body: UpdateSpaceBody,
    responses: { 200: Space },
  },
  {
    operationId: 'duplicateSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/duplicate',
    summary: 'Duplicate a space with its content.',
    responses: { 201: Space },
  },
  {
    operationId: 'restoreSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/restore',
    summary: 'Restore a space deleted in the last 7 days.',
    responses: { 200: Space },
  },
  {
    operationId: 'moveSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/move',
    summary: 'Move a space to another collection or position.',
    body: MoveSpaceOrCollectionBody,
    responses: { 200: Space },
    errors: [409],
  },
  {
    operationId: 'transferSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/transfer',
    summary: 'Transfer a space to another organization, collection, or both.',
    body: TransferSpaceBody,
    responses: { 200: Space },
    errors: [409, 412],
  },
  {
    operationId: 'listSpaceLinks',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/links',
    summary: 'List the links in the content of a space, with totals.',
    query: ListContentLinksQuery,
    responses: { 200: ContentLinkListing },
  },
  {
    operationId: 'createSpace',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'Create a space in an organization, empty or from a template.',
    body: CreateSpaceBody,
    responses: { 201: Space },
    extension: true,
  },
  {
    operationId: 'listSpacesInOrganization',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/spaces',
    summary: 'List the spaces of an organization.',
    query: PaginationQuery,
    responses: { 200: ListOf(Space) },
    extension: true,
  },
]);
