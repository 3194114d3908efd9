import { MoveSpaceOrCollectionBody, Space, TransferSpaceBody } from '@docsync/api';
import { contentLevel, inheritedDefaultLevel } from '../access/effective-level.js';
import { requireLevel } from '../access/organization-access.js';
import { operation, type Operation } from '../http/operation.js';
import { duplicateSpace } from '../spaces/duplicate-space.js';
import { moveSpace } from '../spaces/move-space.js';
import { showSpace } from '../spaces/space-activity.js';
import { requireSpace } from '../spaces/space-access.js';
import { transferSpace } from '../spaces/transfer-space.js';
import { requireTransferTarget } from '../transfers/require-transfer-target.js';

/** The Spaces operations that make a space elsewhere: duplicate, move and transfer. */
export const spaceMoveOperations: readonly Operation[] = [
  operation(
    'duplicateSpace',
    { params: ['spaceId'], response: Space },
    async ({ params, caller, ctx, baseUrl }) => {
      const { space, organizationLevel } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      // The copy is a new space beside the original, so it takes what creating one there takes.
      const levelHere = contentLevel(
        organizationLevel,
        await inheritedDefaultLevel(ctx.db, space.parent_id),
      );
      requireLevel(levelHere, 'create', 'duplicate this space');
      const id = await ctx.db
        .transaction()
        .execute((trx) => duplicateSpace(trx, space, { id: ctx.ids(), now: ctx.clock.now() }));
      return showSpace(ctx.db, caller, id, { clock: ctx.clock, baseUrl });
    },
  ),

  operation(
    'moveSpace',
    { params: ['spaceId'], body: MoveSpaceOrCollectionBody, response: Space },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      // A move changes the default level the space inherits, so who may read it.
      requireLevel(level, 'admin', 'move the space');
      await moveSpace(ctx.db, space, body, ctx.clock.now());
      return showSpace(ctx.db, caller, space.id, { clock: ctx.clock, baseUrl });
    },
  ),

  operation(
    'transferSpace',
    { params: ['spaceId'], body: TransferSpaceBody, response: Space },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'admin', 'transfer the space');
      await requireTransferTarget(ctx.db, caller, body.organization);
      await ctx.db.transaction().execute((trx) => transferSpace(trx, space, body, ctx.clock.now()));
      return showSpace(ctx.db, caller, space.id, { clock: ctx.clock, baseUrl });
    },
  ),
];
