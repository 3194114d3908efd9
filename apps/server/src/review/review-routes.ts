import { h } from 'hastscript';
import type { BrowserRoute, BrowserRouteCall } from '../http/browser-route.js';
import { ApiError, NotFoundError } from '../errors.js';
import { loadRevision } from '../content/load-revision.js';
import { spaceRevision } from '../content/space-revision.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { renderErrorPage } from '../published/error-page.js';
import { siteAsset } from '../published/site-assets.js';
import { requireSpace } from '../spaces/space-access.js';
import { optionalCaller } from '../auth/optional-caller.js';
import { REVIEW_COOKIE, reviewToken } from './review-auth.js';
import { FIRST_PAGE, renderReviewPage } from './review-pages.js';
import {
  checkReviewNonce,
  REVIEW_SSO_COOKIE,
  reviewSsoProviders,
  safeNext,
  signInPage,
  startReviewSso,
  type ReviewSsoProvider,
} from './review-sso.js';
import { exchangeSsoLoginCode } from '../sso/sso-login-codes.js';

const PAGE_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; script-src 'self'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function loginPage(next: string, sso: readonly ReviewSsoProvider[], message?: string): string {
  return signInPage('Sign in to review', [
    h(
      'p',
      'Paste an API token of your docsync account (docsync login, or docsync server token create). It is kept in a cookie of this browser for the review pages only.',
    ),
    ...(message === undefined ? [] : [h('p', { role: 'alert' }, message)]),
    ...(sso.length === 0
      ? []
      : [
          h(
            'ul',
            { className: ['ds-sso'] },
            sso.map((provider) =>
              h(
                'li',
                h(
                  'a',
                  {
                    href: `/app/login/sso/${encodeURIComponent(provider.id)}?next=${encodeURIComponent(next)}`,
                  },
                  `Sign in with SSO (${provider.label})`,
                ),
              ),
            ),
          ),
          h('p', 'Or with an API token:'),
        ]),
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
  ]);
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

/** Keeps `token` in the review cookie and sends the reader on to `next`. */
async function signInTo(
  call: BrowserRouteCall,
  token: string,
  next: string,
  alsoCookies: readonly string[] = [],
): Promise<void> {
  const secure = call.request.protocol === 'https' ? '; Secure' : '';
  await call.reply
    .code(303)
    .header('set-cookie', [
      `${REVIEW_COOKIE}=${encodeURIComponent(token)}; Path=/app; HttpOnly; SameSite=Strict${secure}`,
      ...alsoCookies,
    ])
    .header('location', next)
    .send();
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
      const query = (call.request.query as Record<string, unknown>)['next'];
      const next = safeNext(typeof query === 'string' ? query : undefined);
      await sendPage(call, 200, loginPage(next, await reviewSsoProviders(call.ctx, next)));
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
          loginPage(
            next,
            await reviewSsoProviders(call.ctx, next),
            'That token is not a valid, unexpired API token.',
          ),
        );
        return;
      }
      await signInTo(call, token ?? '', next);
    },
  },
  {
    method: 'GET',
    path: '/app/login/sso/{samlProviderId}',
    summary:
      "Starts a sign-in to the review view through the organization's SAML provider (back to `next` after the IdP answers).",
    handler: async (call) => {
      const query = (call.request.query as Record<string, unknown>)['next'];
      await startReviewSso(call, safeNext(typeof query === 'string' ? query : undefined));
    },
  },
  {
    method: 'POST',
    path: '/app/login/sso',
    summary:
      'Ends a sign-in to the review view through SSO: the one-time code the ACS page posts, from the browser that started it, becomes the review cookie.',
    handler: async (call) => {
      const next = safeNext(call.form['next']);
      let token: string;
      try {
        checkReviewNonce(call);
        ({ token } = await exchangeSsoLoginCode(call.ctx.db, call.form['code'] ?? '', {
          clock: call.ctx.clock,
          ids: call.ctx.ids,
        }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        await sendPage(
          call,
          error.status,
          loginPage(next, await reviewSsoProviders(call.ctx, next), error.message),
        );
        return;
      }
      await signInTo(call, token, next, [`${REVIEW_SSO_COOKIE}=; Path=/app; Max-Age=0`]);
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
