import { User } from '../schemas/user.js';
import { defineRoutes } from './define-routes.js';

/** Users: who the caller is. */
export const userRoutes = defineRoutes('Users', [
  {
    operationId: 'getAuthenticatedUser',
    method: 'GET',
    path: '/v1/user',
    summary: 'Get the authenticated user (the `whoami` of GitBook’s CLI).',
    responses: { 200: User },
    extension: true,
  },
]);
