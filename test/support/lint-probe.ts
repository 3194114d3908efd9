import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The rules the project's own eslint.config.js reports for `code` linted as if it were the file
 * at `relPath` (sorted; unused variables aside). The probe file does not exist on disk, so type
 * information is switched off for it: the import and purity rules are syntactic.
 */
export async function ruleIdsFor(relPath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath: `${root}${relPath}` });
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? `fatal: ${message.message}`)
    .filter((ruleId) => !ruleId.startsWith('@typescript-eslint/no-unused-vars'))
    .sort();
}
