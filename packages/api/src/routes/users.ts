import { User } from '../schemas/user.js';
import { defineRoutes } from './define-routes.js';

/** Who the caller is (in the Organizations section, with the caller's organizations). */
export const userRoutes = defineRoutes('Organizations', [
  {
    operationId: 'getAuthenticatedUser',
    method: 'GET',
    path: '/v1/user',
    summary: 'Get the authenticated user (the `whoami` of GitBook’s CLI).',
    responses: { 200: User },
    extension: true,
  },
]);
