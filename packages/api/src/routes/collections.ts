import {
  Collection,
  CreateCollectionBody,
  ListCollectionsQuery,
  TransferCollectionBody,
  UpdateCollectionBody,
} from '../schemas/collection.js';
import { ListOf, PaginationQuery } from '../schemas/common.js';
import { MoveSpaceOrCollectionBody } from '../schemas/move.js';
import { Space } from '../schemas/space.js';
import { defineRoutes } from './define-routes.js';

/** Collections: folders of spaces and nested collections. */
export const collectionRoutes = defineRoutes('Collections', [
  {
    operationId: 'getCollectionById',
    method: 'GET',
    path: '/v1/collections/{collectionId}',
    summary: 'Get a collection.',
    responses: { 200: Collection },
  },
  {
    operationId: 'deleteCollectionById',
    method: 'DELETE',
    path: '/v1/collections/{collectionId}',
    summary: 'Delete a collection (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'updateCollectionById',
    method: 'PATCH',
    path: '/v1/collections/{collectionId}',
    summary: "Update a collection's title, description or default level.",
    body: UpdateCollectionBody,
    responses: { 200: Collection },
  },
  {
    operationId: 'listSpacesInCollectionById',
    method: 'GET',
    path: '/v1/collections/{collectionId}/spaces',
    summary: 'List the spaces in a collection.',
    query: PaginationQuery,
    responses: { 200: ListOf(Space) },
  },
  {
    operationId: 'moveCollection',
    method: 'POST',
    path: '/v1/collections/{collectionId}/move',
    summary: 'Move a collection to another parent or position.',
    body: MoveSpaceOrCollectionBody,
    responses: { 200: Collection },
    errors: [409],
  },
  {
    operationId: 'transferCollection',
    method: 'POST',
    path: '/v1/collections/{collectionId}/transfer',
    summary: 'Transfer a collection to another organization.',
    body: TransferCollectionBody,
    responses: { 200: Collection },
    errors: [409, 412],
  },
  {
    operationId: 'listCollections',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'List the collections of an organization.',
    query: ListCollectionsQuery,
    responses: { 200: ListOf(Collection) },
  },
  {
    operationId: 'createCollection',
    method: 'POST',
    path: '/v1/orgs/{organizationId}/collections',
    summary: 'Create a collection.',
    body: CreateCollectionBody,
    responses: { 201: Collection },
  },
]);
