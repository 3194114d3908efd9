/**
 * Incremental clustering of issues by their terms (ADR 0008): each issue is a TF-IDF vector
 * (term counts weighted by `ln((1 + N) / (1 + df)) + 1` over the organization's issues), each
 * cluster the sum of its issues' counts under the same weights. A new issue joins the cluster
 * whose vector is nearest by cosine when it is at least {@link JOIN_THRESHOLD}, or opens a new
 * one. An issue never moves once placed, so clusters are stable as conversations arrive; their
 * labels follow their top terms. Pure: data in, data out.
 */

/** The cosine similarity from which an issue joins a cluster rather than opening one. */
export const JOIN_THRESHOLD = 0.2;

/** Terms a label names, and a summary. */
const LABEL_TERMS = 3;
const SUMMARY_TERMS = 8;

/** A cluster as the clustering sees it. */
export interface ClusterTerms {
  readonly id: string;
  /** Summed term counts of its issues. */
  readonly terms: Map<string, number>;
}

/** In how many issues each term occurs, of how many. */
export interface TermStatistics {
  issues: number;
  readonly frequencies: Map<string, number>;
}

function idf(statistics: TermStatistics, term: string): number {
  return Math.log((1 + statistics.issues) / (1 + (statistics.frequencies.get(term) ?? 0))) + 1;
}

function norm(terms: ReadonlyMap<string, number>, statistics: TermStatistics): number {
  let sum = 0;
  for (const [term, count] of terms) sum += (count * idf(statistics, term)) ** 2;
  return Math.sqrt(sum);
}

/** The cosine of two term-count vectors under the TF-IDF weights of `statistics`. */
export function cosine(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  statistics: TermStatistics,
): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, count] of small) {
    const other = large.get(term);
    if (other !== undefined) dot += count * other * idf(statistics, term) ** 2;
  }
  if (dot === 0) return 0;
  return dot / (norm(a, statistics) * norm(b, statistics));
}

/** Counts an issue's distinct terms into the statistics (`sign` -1 takes them out again). */
export function countIssue(
  statistics: TermStatistics,
  terms: ReadonlyMap<string, number>,
  sign: 1 | -1,
): void {
  statistics.issues += sign;
  for (const term of terms.keys()) {
    const frequency = (statistics.frequencies.get(term) ?? 0) + sign;
    if (frequency > 0) statistics.frequencies.set(term, frequency);
    else statistics.frequencies.delete(term);
  }
}

/** Adds (or with `sign` -1 removes) an issue's counts to a cluster's. */
export function addTerms(
  cluster: ClusterTerms,
  terms: ReadonlyMap<string, number>,
  sign: 1 | -1,
): void {
  for (const [term, count] of terms) {
    const sum = (cluster.terms.get(term) ?? 0) + sign * count;
    if (sum > 0) cluster.terms.set(term, sum);
    else cluster.terms.delete(term);
  }
}

/**
 * The cluster an issue (already counted into `statistics`) joins: the nearest of `clusters` by
 * cosine when at least the threshold (the earliest on a tie), else undefined: it opens one.
 */
export function nearestCluster<Cluster extends ClusterTerms>(
  terms: ReadonlyMap<string, number>,
  clusters: readonly Cluster[],
  statistics: TermStatistics,
  threshold = JOIN_THRESHOLD,
): Cluster | undefined {
  let best: Cluster | undefined;
  let bestScore = threshold;
  for (const cluster of clusters) {
    const score = cosine(terms, cluster.terms, statistics);
    if (score > bestScore || (score === bestScore && best === undefined)) {
      best = cluster;
      bestScore = score;
    }
  }
  return best;
}

/** A cluster's terms by weight, heaviest first (ties in code point order). */
export function topTerms(
  terms: ReadonlyMap<string, number>,
  statistics: TermStatistics,
  count: number,
): string[] {
  return [...terms]
    .map(([term, sum]) => ({ term, weight: sum * idf(statistics, term) }))
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    .slice(0, count)
    .map(({ term }) => term);
}

/** A cluster's label (its top terms) and summary. */
export function describeCluster(
  terms: ReadonlyMap<string, number>,
  statistics: TermStatistics,
  counts: { issues: number; conversations: number },
): { label: string; summary: string } {
  const top = topTerms(terms, statistics, SUMMARY_TERMS);
  const issues = counts.issues === 1 ? '1 question' : `${String(counts.issues)} questions`;
  const conversations =
    counts.conversations === 1 ? '1 conversation' : `${String(counts.conversations)} conversations`;
  return {
    label: top.slice(0, LABEL_TERMS).join(' · '),
    summary: `${issues} from ${conversations} that the published content answers poorly, about: ${top.join(', ')}.`,
  };
}
