import * as core from '@actions/core';
import { GitAdapterError } from '@docsync/git';
import { ApiClientError, PublishedError } from '@docsync/sync';
import { ActionError } from './action-error.js';
import { parseActionInputs, readInput } from './action-inputs.js';
import { run, type ActionDeps, type ActionOutputs } from './run.js';

/** The outputs by the names action.yml declares, as the runner's text values. */
export function outputValues(outputs: ActionOutputs): Record<string, string> {
  return {
    changed: String(outputs.changed),
    'pages-changed': String(outputs.pages.length),
    pages: JSON.stringify(outputs.pages),
    'files-changed': String(outputs.filesChanged),
    'commit-sha': outputs.commit ?? '',
    branch: outputs.branch,
    'pull-request-url': outputs.pullRequest?.url ?? '',
    'pull-request-number':
      outputs.pullRequest === undefined ? '' : String(outputs.pullRequest.number),
  };
}

/** The message a failure is reported with: what failed, without tokens. */
function describe(error: unknown): string {
  if (error instanceof ActionError || error instanceof PublishedError) return error.message;
  if (error instanceof ApiClientError)
    return error.status === 401
      ? `the docs service refused the token (HTTP 401): check the input \`token\``
      : `the docs service failed: ${error.message}`;
  if (error instanceof GitAdapterError) return `git: ${error.message}`;
  return `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
}

/** The job summary of a run: what changed, where, and the pull request. */
async function writeSummary(outputs: ActionOutputs): Promise<void> {
  const summary = core.summary.addHeading('docsync: published content', 3);
  if (!outputs.changed) summary.addRaw(`\`${outputs.branch}\` already holds it: nothing pushed.`);
  else {
    summary.addRaw(
      `Pushed ${outputs.commit ?? ''} to \`${outputs.branch}\`: ${String(outputs.pages.length)} pages, ${String(outputs.filesChanged)} files changed.`,
      true,
    );
    if (outputs.pages.length > 0)
      summary.addTable([
        [
          { data: 'page', header: true },
          { data: 'change', header: true },
        ],
        ...outputs.pages.map((page) => [page.path, page.change]),
      ]);
  }
  if (outputs.pullRequest !== undefined)
    summary.addLink(`Pull request #${String(outputs.pullRequest.number)}`, outputs.pullRequest.url);
  await summary.write();
}

/**
 * The step, through the runner's toolkit (`@actions/core`): masks the tokens, reads the inputs
 * from `INPUT_*` and `GITHUB_*`, runs {@link run}, sets the outputs and, where the runner gives
 * one, writes the job summary. A failure is one error annotation and exit code 1; nothing is
 * written to the repository before every check has passed.
 */
export async function runAction(
  env: Readonly<Record<string, string | undefined>>,
  deps: ActionDeps,
): Promise<void> {
  for (const name of ['token', 'github-token']) {
    const secret = readInput(env, name);
    if (secret !== undefined) core.setSecret(secret);
  }
  try {
    const inputs = parseActionInputs(env);
    const outputs = await run(inputs, deps);
    for (const [name, value] of Object.entries(outputValues(outputs))) core.setOutput(name, value);
    core.info(
      outputs.changed
        ? `changed: ${String(outputs.pages.length)} pages (${String(outputs.filesChanged)} files)`
        : 'unchanged',
    );
    if ((env['GITHUB_STEP_SUMMARY'] ?? '') !== '') await writeSummary(outputs);
  } catch (error) {
    core.setFailed(describe(error));
  }
}
