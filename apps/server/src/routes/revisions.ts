import { ContentQuery, Document, Revision, RevisionReusableContent } from '@docsync/api';
import {
  findReusableContent,
  reusableContentDocument,
  reusableContentResource,
} from '../content/reusable-contents.js';
import { spaceRevision } from '../content/space-revision.js';
import { requireSpaceRevision } from '../content/space-revisions.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { revisionResource } from '../resources/revision-resource.js';
import { requireSpace } from '../spaces/space-access.js';

type RevisionParams = 'spaceId' | 'revisionId';

/**
 * The space and revision a request names, once the caller may view the space and the revision is
 * one of the space's (its main content's, now or before, or a change request's): 404
 * `revision-not-found` otherwise.
 */
async function resolveRevision({ params, caller, ctx }: Call<RevisionParams, unknown, unknown>) {
  const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
  await requireSpaceRevision(ctx.db, space, params.revisionId);
  return { space, revisionId: params.revisionId };
}

/**
 * Revisions by id (the public API's `getRevisionById`) and their reusable contents with their
 * documents: what a sync point names stays readable after the content moves on.
 */
export const revisionOperations: readonly Operation[] = [
  operation(
    'getRevisionById',
    { params: ['spaceId', 'revisionId'], query: ContentQuery, response: Revision },
    async (call) => {
      const { space, revisionId } = await resolveRevision(call);
      // The reserved first revision has no row: it reads as empty, made when the space was.
      const revision = await spaceRevision(
        call.ctx,
        { id: space.id, revision_id: revisionId, created_at: space.created_at },
        { shared: true },
      );
      return revisionResource(revision, {
        baseUrl: call.baseUrl,
        spaceId: space.id,
        metadata: call.query.metadata ?? true,
      });
    },
  ),

  operation(
    'getReusableContentInRevisionById',
    {
      params: ['spaceId', 'revisionId', 'reusableContentId'],
      query: ContentQuery,
      response: RevisionReusableContent,
    },
    async (call) => {
      const { revisionId } = await resolveRevision(call);
      const item = await findReusableContent(call.ctx, revisionId, call.params.reusableContentId);
      return reusableContentResource(item, { metadata: call.query.metadata ?? true });
    },
  ),

  operation(
    'getReusableContentDocumentInRevisionById',
    { params: ['spaceId', 'revisionId', 'reusableContentId'], response: Document },
    async (call) => {
      const { revisionId } = await resolveRevision(call);
      const item = await findReusableContent(call.ctx, revisionId, call.params.reusableContentId);
      return reusableContentDocument(call.ctx, item);
    },
  ),
];
