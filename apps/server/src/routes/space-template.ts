import { ApplyTemplateBody } from '@docsync/api';
import { requireLevel } from '../access/organization-access.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { changeRequestTarget } from '../change-requests/change-request-target.js';
import { spaceTarget } from '../content/space-target.js';
import { operation, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';
import { applyTemplate } from '../templates/apply-template.js';

/**
 * `POST /v1/spaces/{spaceId}/content/template`: applies a built-in template to the space's main
 * content, or with `changeRequestId` to that change request (by id or number). Needs `edit`, as
 * every other write of content does. 201 with no body.
 */
export const spaceTemplateOperations: readonly Operation[] = [
  operation(
    'applySpaceTemplate',
    { params: ['spaceId'], body: ApplyTemplateBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'apply a template to the space');
      const target =
        body.changeRequestId === undefined
          ? spaceTarget(space.id)
          : changeRequestTarget(
              space.id,
              (await requireChangeRequest(ctx.db, space.id, body.changeRequestId)).id,
              caller.userId,
            );
      await applyTemplate(
        ctx,
        target,
        { id: body.id, ...(body.params === undefined ? {} : { params: body.params }) },
        caller.userId,
      );
      return undefined;
    },
  ),
];
