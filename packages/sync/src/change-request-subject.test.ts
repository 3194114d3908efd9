import { describe, expect, it } from 'vitest';
import { planChangeRequestSubject, SUBJECT_MAX_LENGTH } from './change-request-subject.js';

describe('planChangeRequestSubject', () => {
  it("takes the first line of a single commit's message", () => {
    expect(
      planChangeRequestSubject([{ message: 'Fix the install guide\n\nLonger text.\n' }], 'fix'),
    ).toBe('Fix the install guide');
  });

  it('takes the branch name for several commits', () => {
    const commits = [{ message: 'one\n' }, { message: 'two\n' }];
    expect(planChangeRequestSubject(commits, 'feature/guides')).toBe('feature/guides');
  });

  it('takes the branch name when there is no commit or the message is blank', () => {
    expect(planChangeRequestSubject([], 'main')).toBe('main');
    expect(planChangeRequestSubject([{ message: '\n  \n' }], 'main')).toBe('main');
  });

  it('cuts a long subject to the service limit without splitting a character', () => {
    const subject = planChangeRequestSubject([{ message: `${'é🙂'.repeat(80)}\n` }], 'main');
    expect(subject.length).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
    expect(subject).toBe(`${'é🙂'.repeat(33)}…`);
  });
});
