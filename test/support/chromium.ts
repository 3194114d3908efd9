/**
 * Chromium for the browser tests: Debian's `chromium` package, driven headless by playwright-core.
 * Like the PostgreSQL tests without DATABASE_URL, the browser tests are skipped on a machine
 * without it, except under CI (CI=true), where a missing browser is a failure: .ci/run installs it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's package installs the browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Whether the browser tests are skipped here: no Chromium, and not in CI. */
export const skipBrowserTests = !existsSync(CHROMIUM_PATH) && process.env['CI'] !== 'true';

/** Starts headless Chromium; fails with what to do when it is not installed. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: \`apt-get install chromium\` (.ci/run does)`,
    );
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
}
