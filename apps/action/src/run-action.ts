import { randomUUID } from 'node:crypto';
import { GitAdapterError } from '@docsync/git';
import { ApiClientError, PublishedError } from '@docsync/sync';
import { ActionError } from './action-error.js';
import { parseActionInputs, readInput } from './action-inputs.js';
import { run, type ActionDeps, type ActionOutputs } from './run.js';

/** What the runner gives a step besides inputs: where outputs go and how lines are printed. */
export interface RunnerDeps extends ActionDeps {
  /** Appends to the file `GITHUB_OUTPUT` names. */
  appendFile(path: string, text: string): void;
}

/** A workflow command's message: `%`, CR and LF escaped as the runner expects. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The outputs as `name<<delimiter` blocks, the runner's format for any value. */
export function renderOutputs(outputs: ActionOutputs): string {
  const values: Record<string, string> = {
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
  const delimiter = `ghadelimiter_${randomUUID()}`;
  return Object.entries(values)
    .map(([name, value]) => `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
    .join('');
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

/**
 * The step: masks the tokens, reads the inputs from `INPUT_*` and `GITHUB_*`, runs
 * {@link run}, and writes the outputs to `$GITHUB_OUTPUT`. A failure is one `::error::` line
 * and exit code 1; nothing is written to the repository before every check has passed.
 */
export async function runAction(
  env: Readonly<Record<string, string | undefined>>,
  deps: RunnerDeps,
): Promise<number> {
  for (const name of ['token', 'github-token']) {
    const secret = readInput(env, name);
    if (secret !== undefined) deps.log(`::add-mask::${secret}`);
  }
  try {
    const inputs = parseActionInputs(env);
    const outputs = await run(inputs, deps);
    const file = env['GITHUB_OUTPUT'];
    const rendered = renderOutputs(outputs);
    if (file === undefined || file === '') deps.log(rendered);
    else deps.appendFile(file, rendered);
    deps.log(
      outputs.changed
        ? `changed: ${String(outputs.pages.length)} pages (${String(outputs.filesChanged)} files)`
        : 'unchanged',
    );
    return 0;
  } catch (error) {
    deps.log(`::error::${escapeData(describe(error))}`);
    return 1;
  }
}
