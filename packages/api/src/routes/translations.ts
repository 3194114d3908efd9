import { ListOf, PaginationQuery } from '../schemas/common.js';
import {
  CreateTranslationBody,
  Translation,
  UpdateTranslationBody,
} from '../schemas/translation.js';
import { defineRoutes } from './define-routes.js';

const translations = '/v1/orgs/{organizationId}/translations';
const translation = `${translations}/{translationId}`;

/** Translations: translated copies of spaces. */
export const translationRoutes = defineRoutes('Translations', [
  {
    operationId: 'listTranslations',
    method: 'GET',
    path: translations,
    summary: 'List the translations of an organization.',
    query: PaginationQuery,
    responses: { 200: ListOf(Translation) },
  },
  {
    operationId: 'createTranslation',
    method: 'POST',
    path: translations,
    summary: 'Translate a space into a language.',
    body: CreateTranslationBody,
    responses: { 201: Translation },
    errors: [409],
  },
  {
    operationId: 'getTranslationById',
    method: 'GET',
    path: translation,
    summary: 'Get a translation.',
    responses: { 200: Translation },
  },
  {
    operationId: 'updateTranslationById',
    method: 'PUT',
    path: translation,
    summary: "Replace a translation's instructions.",
    body: UpdateTranslationBody,
    responses: { 200: Translation },
  },
  {
    operationId: 'deleteTranslationById',
    method: 'DELETE',
    path: translation,
    summary: 'Delete a translation (succeeds when it does not exist).',
    responses: { 204: null },
  },
  {
    operationId: 'runTranslation',
    method: 'POST',
    path: `${translation}/run`,
    summary: 'Start another run of a translation.',
    responses: { 204: null },
  },
]);
