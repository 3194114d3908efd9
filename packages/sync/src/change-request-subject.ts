/** The service's cap on a change request's subject (counted in UTF-16 units, the stricter count). */
export const SUBJECT_MAX_LENGTH = 100;

function firstLine(message: string): string {
  return (message.split('\n').find((line) => line.trim() !== '') ?? '').trim();
}

/**
 * The subject of the change request a push opens: the first line of the commit's message when
 * the push carries one commit; the branch name when it carries several (no one message speaks
 * for them) or the message is empty. Cut to the service's 100 characters, with `…`. Pure.
 */
export function planChangeRequestSubject(
  commits: readonly { message: string }[],
  branch: string,
): string {
  const [only] = commits;
  const subject =
    (commits.length === 1 && only !== undefined ? firstLine(only.message) : '') || branch;
  if (subject.length <= SUBJECT_MAX_LENGTH) return subject;
  let cut = '';
  for (const character of subject) {
    if (cut.length + character.length > SUBJECT_MAX_LENGTH - 1) break;
    cut += character;
  }
  return `${cut}…`;
}
