import {
  ChangeRequest,
  ChangeRequestMergeResult,
  ChangeRequestPdfQuery,
  ChangeRequestUpdateResult,
  CreateChangeRequestBody,
  ListChangeRequestsQuery,
  PdfLink,
  UpdateChangeRequestBody,
} from '../schemas/change-request.js';
import {
  ChangeRequestReview,
  CreateChangeRequestReviewBody,
  RequestReviewersBody,
} from '../schemas/change-request-review.js';
import { ListOf, PaginationQuery } from '../schemas/common.js';
import { User } from '../schemas/user.js';
import { defineRoutes } from './define-routes.js';

const changeRequests = '/v1/spaces/{spaceId}/change-requests';
const changeRequest = `${changeRequests}/{changeRequestId}`;

/** Change requests: proposals of edits to a space, reviewed and merged. */
export const changeRequestRoutes = defineRoutes('Change requests', [
  {
    operationId: 'listChangeRequestsForSpace',
    method: 'GET',
    path: changeRequests,
    summary: 'List the change requests of a space (open ones by default).',
    query: ListChangeRequestsQuery,
    responses: { 200: ListOf(ChangeRequest) },
  },
  {
    operationId: 'createChangeRequest',
    method: 'POST',
    path: changeRequests,
    summary: 'Open a change request on a space, optionally from a template.',
    body: CreateChangeRequestBody,
    responses: { 201: ChangeRequest },
  },
  {
    operationId: 'getChangeRequestById',
    method: 'GET',
    path: changeRequest,
    summary: 'Get a change request by id or number.',
    responses: { 200: ChangeRequest },
  },
  {
    operationId: 'updateChangeRequestById',
    method: 'PATCH',
    path: changeRequest,
    summary: "Update a change request's subject, description or status.",
    body: UpdateChangeRequestBody,
    responses: { 200: ChangeRequest },
    errors: [409],
  },
  {
    operationId: 'mergeChangeRequest',
    method: 'POST',
    path: `${changeRequest}/merge`,
    summary:
      "Merge a change request into the main content (409 while the space's merge rules are unmet).",
    responses: { 200: ChangeRequestMergeResult },
    errors: [409],
  },
  {
    operationId: 'updateChangeRequestFromMain',
    method: 'POST',
    path: `${changeRequest}/update`,
    summary: 'Bring the main content into a change request.',
    responses: { 200: ChangeRequestUpdateResult },
    errors: [409],
  },
  {
    operationId: 'getChangeRequestPdf',
    method: 'GET',
    path: `${changeRequest}/pdf`,
    summary: 'Get a link to a PDF of a change request, or of one of its pages.',
    query: ChangeRequestPdfQuery,
    responses: { 200: PdfLink },
  },
  {
    operationId: 'listChangeRequestReviews',
    method: 'GET',
    path: `${changeRequest}/reviews`,
    summary: 'List the reviews of a change request, oldest first.',
    query: PaginationQuery,
    responses: { 200: ListOf(ChangeRequestReview) },
    extension: true,
  },
  {
    operationId: 'reviewChangeRequest',
    method: 'POST',
    path: `${changeRequest}/reviews`,
    summary: "Approve a change request's current revision, or request changes to it.",
    body: CreateChangeRequestReviewBody,
    responses: { 201: ChangeRequestReview },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'getChangeRequestReviewById',
    method: 'GET',
    path: `${changeRequest}/reviews/{reviewId}`,
    summary: 'Get one review of a change request.',
    responses: { 200: ChangeRequestReview },
    extension: true,
  },
  {
    operationId: 'listRequestedReviewers',
    method: 'GET',
    path: `${changeRequest}/requested-reviewers`,
    summary: 'List the users asked to review a change request who have not reviewed it yet.',
    query: PaginationQuery,
    responses: { 200: ListOf(User) },
    extension: true,
  },
  {
    operationId: 'requestChangeRequestReviewers',
    method: 'POST',
    path: `${changeRequest}/requested-reviewers`,
    summary: 'Ask users to review a change request (list them with `listRequestedReviewers`).',
    body: RequestReviewersBody,
    responses: { 204: null },
    errors: [409],
    extension: true,
  },
  {
    operationId: 'removeRequestedReviewer',
    method: 'DELETE',
    path: `${changeRequest}/requested-reviewers/{userId}`,
    summary: 'Withdraw the review request of a user.',
    responses: { 204: null },
    extension: true,
  },
  {
    operationId: 'listChangeRequestsInOrganization',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/change-requests',
    summary: 'List the change requests of every space of an organization.',
    query: ListChangeRequestsQuery,
    responses: { 200: ListOf(ChangeRequest) },
  },
]);
