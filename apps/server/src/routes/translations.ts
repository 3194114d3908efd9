import {
  CreateTranslationBody,
  ListOf,
  PaginationQuery,
  Translation,
  UpdateTranslationBody,
  type Language,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';
import { translationResource } from '../translations/translation-resource.js';
import {
  createTranslation,
  deleteTranslation,
  listTranslations,
  requestRun,
  requireTranslation,
  updateTranslation,
} from '../translations/translations.js';

type TranslationCall = Call<'organizationId' | 'translationId', unknown, unknown>;

/** The caller's access and the translation, for a change: members who may create content. */
async function changeableTranslation({ params, caller, ctx }: TranslationCall, action: string) {
  const access = await requireOrganization(ctx.db, caller, params.organizationId);
  requireLevel(access.level, 'create', action);
  const row = await requireTranslation(ctx.db, params.organizationId, params.translationId);
  return { access, row };
}

/**
 * Translations of an organization's spaces. Members with a role read them; members who may
 * create content (`create`, `admin`) create, change, run and delete them (403 for others, 404 for
 * an organization the caller is not in), since a run makes and writes a space. Creating one
 * queues its first run; a run happens on the job runner (`translations/run-translation.ts`).
 */
export const translationOperations: readonly Operation[] = [
  operation(
    'listTranslations',
    { params: ['organizationId'], query: PaginationQuery, response: ListOf(Translation) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see translations');
      const page = await listTranslations(ctx.db, params.organizationId, query);
      return {
        items: page.rows.map((row) => translationResource(row, access.level, baseUrl)),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createTranslation',
    { params: ['organizationId'], body: CreateTranslationBody, response: Translation },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'create translations');
      const source = await requireSpace(ctx.db, caller, body.source.space, ctx).catch(
        (error: unknown) => {
          if (!(error instanceof NotFoundError)) throw error;
          throw new BadRequestError(
            `body/source/space \`${body.source.space}\` is not a space you can read`,
          );
        },
      );
      if (source.space.organization_id !== params.organizationId)
        throw new BadRequestError(
          `body/source/space \`${body.source.space}\` is not a space of this organization`,
        );
      const sourceLanguage =
        body.source.language ?? (source.space.language as Language | null) ?? 'en';
      if (sourceLanguage === body.language)
        throw new BadRequestError(`body/language is the source's language \`${body.language}\``);
      const row = await createTranslation(
        ctx.db,
        { organizationId: params.organizationId, body, sourceLanguage, authorId: caller.userId },
        ctx,
      );
      ctx.jobs.wake();
      return translationResource(row, access.level, baseUrl);
    },
  ),

  operation(
    'getTranslationById',
    { params: ['organizationId', 'translationId'], response: Translation },
    async ({ params, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'read', 'see translations');
      const row = await requireTranslation(ctx.db, params.organizationId, params.translationId);
      return translationResource(row, access.level, baseUrl);
    },
  ),

  operation(
    'updateTranslationById',
    {
      params: ['organizationId', 'translationId'],
      body: UpdateTranslationBody,
      response: Translation,
    },
    async (call) => {
      const { access, row } = await changeableTranslation(call, 'change translations');
      await updateTranslation(call.ctx.db, row, call.body, call.ctx.clock);
      const updated = await requireTranslation(call.ctx.db, row.organization_id, row.id);
      return translationResource(updated, access.level, call.baseUrl);
    },
  ),

  operation(
    'deleteTranslationById',
    { params: ['organizationId', 'translationId'], response: null },
    async ({ params, caller, ctx }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      requireLevel(access.level, 'create', 'delete translations');
      // Deleting one that does not exist succeeds and changes nothing.
      await deleteTranslation(ctx.db, params.organizationId, params.translationId);
      return undefined;
    },
  ),

  operation(
    'runTranslation',
    { params: ['organizationId', 'translationId'], response: null },
    async (call) => {
      const { row } = await changeableTranslation(call, 'run translations');
      await requestRun(call.ctx.db, row, call.ctx);
      call.ctx.jobs.wake();
      return undefined;
    },
  ),
];
