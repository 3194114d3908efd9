import { h } from 'hastscript';
import type { BrowserRoute, BrowserRouteCall } from '../http/browser-route.js';
import { ApiError, NotFoundError } from '../errors.js';
import { loadRevision } from '../content/load-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { renderErrorPage } from '../published/error-page.js';
import { htmlDocument } from '../published/html-document.js';
import { siteAsset, SITE_ASSETS } from '../published/site-assets.js';
import { requireSpace } from '../spaces/space-access.js';
import { optionalCaller } from '../auth/optional-caller.js';
import { REVIEW_COOKIE, reviewToken } from './review-auth.js';
import { FIRST_PAGE, renderReviewPage } from './review-pages.js';

const PAGE_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Where a sign-in may send the reader back to: a page of the review view, nothing else. */
function safeNext(next: string | undefined): string {
  return next !== undefined && /^\/app\/s\/[^/\\]/.test(next) ? next : '/app/login';
}

function loginPage(next: string, message?: string): string {
  return htmlDocument({
    title: 'Sign in to review',
    noIndex: true,
    head: [h('link', { rel: 'stylesheet', href: `/app/~static/${SITE_ASSETS.css.name}` })],
    body: [
      h('main', { id: 'ds-content', className: ['ds-login'] }, [
        h('h1', 'Sign in to review'),
        h(
          'p',
          'Paste an API token of your docsync account (docsync login, or docsync server token create). It is kept in a cookie of this browser for the review pages only.',
        ),
        message === undefined ? null : h('p', { role: 'alert' }, message),
        h('form', { method: 'post', action: '/app/login' }, [
          h('input', { type: 'hidden', name: 'next', value: next }),
          h('label', { htmlFor: 'token' }, 'API token'),
          ' ',
          h('input', {
            type: 'password',
            id: 'token',
            name: 'token',
            autoComplete: 'off',
            required: true,
          }),
          ' ',
          h('button', { type: 'submit' }, 'Sign in'),
        ]),
      ]),
    ],
  });
}

async function sendPage(call: BrowserRouteCall, status: number, html: string): Promise<void> {
  await call.reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

/** A review page: the space's or a change request's, a file of it, after checking the reader. */
async function reviewHandler(call: BrowserRouteCall): Promise<void> {
  const { request, reply, ctx } = call;
  const requestPath = request.url.split('?')[0] ?? '/';
  const caller = await optionalCaller(ctx, reviewToken(request));
  if (caller === undefined) {
    await reply
      .code(303)
      .header('location', `/app/login?next=${encodeURIComponent(requestPath)}`)
      .send();
    return;
  }
  const spaceId = call.params['spaceId'] ?? '';
  let rest = (call.params['*'] ?? '').split('/').filter((segment) => segment !== '');
  let changeRequest: string | undefined;
  if (rest[0] === '~' && rest[1] === 'changes' && rest[2] !== undefined) {
    changeRequest = rest[2];
    rest = rest.slice(3);
  }
  try {
    if (rest[0] === '~files') {
      const { space } = await requireSpace(ctx.db, caller, spaceId, { clock: ctx.clock });
      const cr =
        changeRequest === undefined
          ? undefined
          : await requireChangeRequest(ctx.db, space.id, changeRequest);
      const revision =
        cr === undefined
          ? await spaceRevision(ctx, space, { shared: true })
          : await loadRevision(ctx, cr.head_revision_id, { shared: true });
      const file = revision?.content.files.find((item) => item.id === rest[1]);
      const bytes = file?.git === undefined ? undefined : await ctx.blobs.get(file.git.oid);
      if (file === undefined || bytes === undefined || rest.length !== 2)
        throw new NotFoundError('File');
      await reply
        .header('content-type', file.contentType)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'content-disposition',
          `${file.contentType.startsWith('image/') ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(bytes));
      return;
    }
    // A change request's own address is its overview; its first page is at `~first`.
    const pagePath =
      changeRequest === undefined
        ? rest.join('/')
        : rest.length === 0
          ? undefined
          : rest.length === 1 && rest[0] === FIRST_PAGE
            ? ''
            : rest.join('/');
    const html = await renderReviewPage(ctx, caller, {
      spaceId,
      changeRequest,
      pagePath,
      requestPath,
    });
    await sendPage(call, 200, html);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await sendPage(
      call,
      error.status,
      renderErrorPage(error.status, error.status === 404 ? 'Not found' : error.message),
    );
  }
}

/**
 * The review view at `urls.app` of spaces and change requests (`/app/s/<spaceId>/…`,
 * `/app/s/<spaceId>/~/changes/<number>/…`): read-only pages for members who may read the space,
 * signed in with an API token (the `Authorization` header, or the cookie `/app/login` sets).
 */
export const reviewRoutes: readonly BrowserRoute[] = [
  {
    method: 'GET',
    path: '/app/login',
    summary: "The review view's sign-in form (an API token, kept in an HttpOnly cookie).",
    handler: async (call) => {
      const next = (call.request.query as Record<string, unknown>)['next'];
      await sendPage(call, 200, loginPage(safeNext(typeof next === 'string' ? next : undefined)));
    },
  },
  {
    method: 'POST',
    path: '/app/login',
    summary: 'Signs in to the review view with an API token; redirects to `next`.',
    handler: async (call) => {
      const next = safeNext(call.form['next']);
      const token = call.form['token']?.trim();
      if ((await optionalCaller(call.ctx, token)) === undefined) {
        await sendPage(
          call,
          401,
          loginPage(next, 'That token is not a valid, unexpired API token.'),
        );
        return;
      }
      const secure = call.request.protocol === 'https' ? '; Secure' : '';
      await call.reply
        .code(303)
        .header(
          'set-cookie',
          `${REVIEW_COOKIE}=${encodeURIComponent(token ?? '')}; Path=/app; HttpOnly; SameSite=Strict${secure}`,
        )
        .header('location', next)
        .send();
    },
  },
  {
    method: 'GET',
    path: '/app/~static/{name}',
    summary: 'The stylesheet and script of the review view (fingerprinted, cached for a year).',
    handler: async ({ params, reply }) => {
      const asset = siteAsset(params['name'] ?? '');
      if (asset === undefined) {
        await reply
          .code(404)
          .header('content-type', 'text/html; charset=utf-8')
          .send(renderErrorPage(404, 'Not found'));
        return;
      }
      await reply
        .header('content-type', asset.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(asset.body);
    },
  },
  {
    method: 'GET',
    path: '/app/s/{spaceId}',
    summary: 'The review view of a space: its page tree and first page.',
    handler: reviewHandler,
  },
  {
    method: 'GET',
    path: '/app/s/{spaceId}/*',
    summary:
      'A page of a space, or a change request (`~/changes/<number>`) with its changed pages as rendered diffs and its comments.',
    handler: reviewHandler,
  },
];
