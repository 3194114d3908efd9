import { describe, expect, it } from 'vitest';
import { seededRandom } from '@docsync/test-utils';
import {
  addTerms,
  cosine,
  countIssue,
  describeCluster,
  nearestCluster,
  type TermStatistics,
} from './clustering.js';
import { bodyText, extractQuestions, MAX_QUESTIONS, type StoredPart } from './questions.js';
import { countTerms, termsOf } from './terms.js';

const user = (body: string): StoredPart => ({ type: 'message', role: 'user', body });
const FUZZ_SEED = 2027;

describe('terms', () => {
  it('drops stop words, chatter, numbers and single letters, and a Latin plural s', () => {
    expect(termsOf('Hi team, how do I resize the widgets on my 2 home screens? Thanks!')).toEqual([
      'resize',
      'widget',
      'home',
      'screen',
    ]);
    // `comment` is a French question word and an English noun: no stop word.
    expect(termsOf('Comment afficher les pastilles de notification ?')).toEqual([
      'comment',
      'afficher',
      'pastille',
      'notification',
    ]);
    expect(termsOf('ＷＩＤＧＥＴ Café')).toEqual(['widget', 'café']);
  });

  it('splits Chinese and Japanese into words without spaces', () => {
    expect(termsOf('如何隐藏应用并用密码锁定？')).toEqual(
      expect.arrayContaining(['隐藏', '应用', '密码', '锁定']) as unknown,
    );
    const japanese = termsOf('アプリドロワーをカテゴリで分類できますか？');
    expect(japanese).toEqual(expect.arrayContaining(['カテゴリ', '分類']) as unknown);
    expect(japanese).not.toContain('を');
  });
});

describe('questions', () => {
  it('reads HTML bodies as text', () => {
    expect(bodyText('<div><p>Hello &amp; welcome</p><p><b>Why</b> is it?</p></div>')).toBe(
      'Hello & welcome\n\nWhy is it?',
    );
    expect(bodyText('Plain *markdown* <3 stays')).toBe('Plain *markdown* <3 stays');
  });

  it('takes the customer’s questions, without the greeting, and none of the team’s', () => {
    const questions = extractQuestions('Widgets', [
      user('Hi team, how do I resize a widget on the home screen? It is tiny.'),
      { type: 'message', role: 'team-member', body: 'Which launcher version do you use?' },
      user('Version 15. Also: can widgets stack on top of each other?'),
    ]);
    expect(questions.map((question) => question.text)).toEqual([
      'How do I resize a widget on the home screen?',
      'Also: can widgets stack on top of each other?',
    ]);
  });

  it('reads a question that names too little with the subject, and a report without questions by its most telling sentence', () => {
    expect(extractQuestions('Weather in At a Glance', [user('Any idea?')])).toEqual([
      { text: 'Weather in At a Glance: Any idea?', terms: ['weather', 'glance', 'idea'] },
    ]);
    expect(
      extractQuestions(null, [user('Hello. My widgets vanish after every reboot of the phone.')]),
    ).toEqual([
      {
        text: 'My widgets vanish after every reboot of the phone.',
        terms: ['widget', 'vanish', 'every', 'reboot', 'phone'],
      },
    ]);
    expect(extractQuestions('Hi', [user('Thanks!')])).toEqual([]);
  });

  it('knows Chinese and Japanese questions by their endings, and keeps at most three, each once', () => {
    expect(extractQuestions(null, [user('桌面可以横屏显示吗。')])).toHaveLength(1);
    expect(extractQuestions(null, [user('横向表示はできますか。')])).toHaveLength(1);
    const many = Array.from({ length: 5 }, (_, i) => `Why does feature${String(i)} crash?`);
    expect(extractQuestions(null, [user([...many, many[0]].join(' '))])).toHaveLength(
      MAX_QUESTIONS,
    );
  });

  it(`never throws on random text and HTML (seed ${String(FUZZ_SEED)}), and keeps only terms without stop words`, () => {
    const random = seededRandom(FUZZ_SEED);
    const pieces = [
      '<p>',
      '</p>',
      '<b>',
      '&amp;',
      '&#x',
      '?',
      '？',
      '。',
      ',',
      ' ',
      'how ',
      'why ',
      '吗',
      'か',
      'widget',
      '隐藏',
      'ドロワー',
      '\u0000',
      '\uD800',
      '<script>x</script>',
      '<!--',
      '\n',
    ];
    for (let round = 0; round < 2000; round += 1) {
      let body = '';
      const length = Math.floor(random() * 30);
      for (let i = 0; i < length; i += 1) {
        body +=
          random() < 0.6
            ? (pieces[Math.floor(random() * pieces.length)] ?? '')
            : String.fromCodePoint(Math.floor(random() * 0x3000));
      }
      let questions;
      try {
        questions = extractQuestions(random() < 0.5 ? null : body.slice(0, 10), [user(body)]);
      } catch (error) {
        throw new Error(
          `seed ${String(FUZZ_SEED)}, round ${String(round)}: ${JSON.stringify(body)}`,
          {
            cause: error,
          },
        );
      }
      expect(questions.length).toBeLessThanOrEqual(MAX_QUESTIONS);
      for (const question of questions) {
        expect(question.terms.length).toBeGreaterThanOrEqual(2);
        expect(question.terms).not.toContain('the');
      }
    }
  });
});

describe('clustering', () => {
  const statistics = (): TermStatistics => ({ issues: 0, frequencies: new Map() });

  it('joins the nearest cluster above the threshold, else opens one; the same input, the same result', () => {
    const stats = statistics();
    const clusters: { id: string; terms: Map<string, number> }[] = [];
    const place = (text: string) => {
      const terms = countTerms(termsOf(text));
      countIssue(stats, terms, 1);
      let cluster = nearestCluster(terms, clusters, stats);
      if (cluster === undefined) {
        cluster = { id: `c${String(clusters.length)}`, terms: new Map() };
        clusters.push(cluster);
      }
      addTerms(cluster, terms, 1);
      return cluster.id;
    };
    expect(place('How do I hide apps with a password?')).toBe('c0');
    expect(place('Can hidden apps be locked with a password?')).toBe('c0');
    expect(place('Why does the weather show Fahrenheit?')).toBe('c1');
    expect(place('Weather in Celsius instead of Fahrenheit?')).toBe('c1');
    expect(place('隐藏应用可以用密码锁定吗？')).toBe('c2');
    expect(
      describeCluster(clusters[0]?.terms ?? new Map(), stats, { issues: 2, conversations: 2 }),
    ).toMatchObject({ label: 'app · password · hidden' });
  });

  it('takes an issue out exactly as it was put in, and measures cosine symmetrically within [0, 1]', () => {
    const random = seededRandom(FUZZ_SEED);
    const words = ['widget', 'weather', 'password', 'tablet', 'landscape', 'dots', 'drawer'];
    const issue = () =>
      countTerms(
        Array.from(
          { length: 1 + Math.floor(random() * 6) },
          () => words[Math.floor(random() * words.length)] ?? '',
        ),
      );
    for (let round = 0; round < 200; round += 1) {
      const stats = statistics();
      const cluster = { id: 'c', terms: new Map<string, number>() };
      const kept = Array.from({ length: 3 }, issue);
      for (const terms of kept) {
        countIssue(stats, terms, 1);
        addTerms(cluster, terms, 1);
      }
      const before = {
        issues: stats.issues,
        frequencies: new Map(stats.frequencies),
        terms: new Map(cluster.terms),
      };
      const extra = issue();
      countIssue(stats, extra, 1);
      addTerms(cluster, extra, 1);
      countIssue(stats, extra, -1);
      addTerms(cluster, extra, -1);
      expect({
        issues: stats.issues,
        frequencies: stats.frequencies,
        terms: cluster.terms,
      }).toEqual(before);
      const [a, b] = [issue(), issue()];
      const ab = cosine(a, b, stats);
      expect(ab).toBeCloseTo(cosine(b, a, stats), 12);
      expect(ab).toBeGreaterThanOrEqual(0);
      expect(ab).toBeLessThanOrEqual(1 + 1e-12);
    }
  });
});
