import { buildOpenApiDocument } from '@docsync/api';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

/** Where the interactive API reference is served (no token needed: it holds no data). */
export const API_REFERENCE_PATH = '/reference';

/**
 * Serves the interactive reference of the API at {@link API_REFERENCE_PATH}: Scalar renders
 * the contract (`packages/api/openapi.json`, the same document) in the browser, from a script
 * this server serves (`/reference/js/scalar.js`), never from a CDN. Nothing else is loaded from
 * elsewhere: no web fonts, no telemetry, no request proxy; "Test request" calls this server
 * from the page, with the token the reader enters. The document is also at
 * `/reference/openapi.json` and `/reference/openapi.yaml`.
 */
export function useApiReference(app: FastifyInstance): void {
  void app.register(apiReference, {
    routePrefix: API_REFERENCE_PATH,
    logLevel: 'warn',
    configuration: {
      pageTitle: 'docsync API reference',
      // Built on the first request for it, not when the server starts.
      content: () => buildOpenApiDocument(),
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
    },
  });
}
