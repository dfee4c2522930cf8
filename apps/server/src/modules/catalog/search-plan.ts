/**
 * The search's matching rules (decision 026), in TypeScript and without the database: a query's words are
 * normalised, joined or split, expanded by the synonym groups and corrected for typos against the catalogue's
 * vocabulary (search_words, a few hundred to a few thousand words), and the result is one full-text query the
 * products' GIN index answers. Everything here is pure, so the rules are unit-tested word by word.
 */

/** What the plan is made against: the catalogue's words and the synonym groups, as the repository loads them. */
export interface Vocabulary {
  /** Catalogue words: lower-case letters and digits (search_words). */
  words: ReadonlySet<string>;
  /** Synonym groups, each term normalised by `normaliseTerm` (words separated by one space). */
  synonyms: readonly (readonly string[])[];
}

/** How an alternative was found; the ranking puts literal matches first, then rewritten ones, then typos. */
export type MatchKind = 'literal' | 'synonym' | 'joined' | 'split' | 'typo';

/** One way to match a part of the query: every word needed. */
export interface Alternative {
  words: string[];
  kind: MatchKind;
  /**
   * The shopper's own word, not a whole word of the catalogue or of a synonym: matched as the start of a word, so
   * results come as she types ('jhu'). Whole words match whole (after stemming): 'kara' must not find 'karat'.
   */
  prefix?: boolean;
}

/** A part of the query (one word, or several joined or making one synonym) and the ways to match it. */
export interface Concept {
  tokens: string[];
  alternatives: Alternative[];
}

export interface SearchPlan {
  concepts: Concept[];
  /** The full-text query (to_tsquery syntax) of every alternative, or null when some part can match nothing. */
  query: string | null;
  /** Only the literal alternatives: a product matching it ranks above the rest. */
  literal: string | null;
  /** Everything except typos: synonyms, joined and split words rank above corrected ones. */
  exact: string | null;
  /** Every word any alternative uses, OR-ed: what ts_rank ranks by. */
  rank: string | null;
  /** The parts of the query that matched nothing at all (no literal, synonym or correction). */
  unmatched: string[];
}

/**
 * Words that carry no meaning in a search (they are stop words of the 'english' text search configuration, so
 * the products' search vectors do not hold them either), and the commonest Hindi ones.
 */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'for',
  'of',
  'with',
  'in',
  'on',
  'to',
  'by',
  'her',
  'his',
  'him',
  'my',
  'me',
  'our',
  'your',
  'its',
  'at',
  'from',
  'or',
  'is',
  'are',
  'be',
  'this',
  'that',
  'some',
  'any',
  'के',
  'की',
  'का',
  'लिए',
  'और',
  'में',
  'वाली',
  'वाला',
]);

/** Letters and digits of a word safe inside to_tsquery's syntax. */
const TSQUERY_WORD = /^[a-z0-9]+$/;
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}]+$/u;

/**
 * A text as words: Unicode-normalised (NFKC, so 'ड़' typed either way is one letter), lower case, possessives
 * dropped ("men's" → 'men'), accents dropped from Latin letters, any script kept (Devanagari and Tamil vowel signs
 * are marks, part of their word), everything else a separator.
 */
export function normaliseWords(text: string): string[] {
  const cleaned = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/'s(?![\p{L}\p{N}])/gu, '')
    .replace(/'/g, '');
  return cleaned
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (LATIN_WORD.test(w) ? w.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFC') : w))
    .filter(Boolean);
}

/** A synonym term as the queries' words are compared with it. */
export function normaliseTerm(term: string): string {
  return normaliseWords(term).join(' ');
}

/**
 * Damerau-Levenshtein distance in its restricted form (optimal string alignment), as the search engines count
 * typos: an insertion, a deletion, a substitution or a swap of two neighbouring letters is one edit. Counts code
 * points, so a Devanagari vowel sign is one letter. Stops early and answers `max + 1` once the distance must
 * exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/**
 * How many typos a word of this many letters may carry, as the engines allow them: one from 5 letters, two
 * from 9. A 4-letter word may carry one swap of neighbouring letters, not on its first letter ('rign' for 'ring'):
 * beyond the engines, because the commonest short words of jewellery (ring, kada, bali, nath) are 4 letters.
 */
export function typoBudget(length: number): number {
  if (length >= 9) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Whether `a` and `b` differ by exactly one swap of two neighbouring letters. */
function isSwap(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
}

/**
 * The candidates within the token's typo budget, the closest only (a word one edit away hides those two away).
 * Below 9 letters the first letter is never the typo: 'ring' is not a typo of 'king'.
 */
export function typoMatches(token: string, candidates: Iterable<string>, budget = typoBudget(Array.from(token).length)): string[] {
  const letters = Array.from(token);
  if (budget === 0 || /\d/.test(token)) return [];
  const short = letters.length < 9;
  let best = budget + 1;
  let found: string[] = [];
  for (const word of candidates) {
    if (word === token || word.includes(' ')) continue;
    const other = Array.from(word);
    if (Math.abs(other.length - letters.length) > budget) continue;
    if (short && other[0] !== letters[0]) continue;
    if (letters.length === 4 && !isSwap(letters, other)) continue;
    const d = editDistance(token, word, Math.min(best, budget));
    if (d < best) {
      best = d;
      found = [word];
    } else if (d === best && d <= budget) {
      found.push(word);
    }
  }
  return best <= budget ? found.sort() : [];
}

/** Words of a query beyond this are ignored: no shopper types more, and each word costs a condition. */
export const MAX_SEARCH_WORDS = 8;
/** Synonym terms and joins look this many words ahead ('कान की बाली'). */
const LONGEST_TERM = 3;

interface Index {
  words: ReadonlySet<string>;
  /** Sorted catalogue words, for prefix look-ups. */
  sorted: string[];
  /** Term → the groups it is in. */
  groups: Map<string, (readonly string[])[]>;
  /** Single-word terms and catalogue words: what a typo is corrected to. */
  dictionary: string[];
}

const indexes = new WeakMap<Vocabulary, Index>();

function indexOf(v: Vocabulary): Index {
  let index = indexes.get(v);
  if (index) return index;
  const groups = new Map<string, (readonly string[])[]>();
  for (const group of v.synonyms) {
    for (const term of group) groups.set(term, [...(groups.get(term) ?? []), group]);
  }
  const single = [...groups.keys()].filter((t) => !t.includes(' '));
  index = { words: v.words, sorted: [...v.words].sort(), groups, dictionary: [...new Set([...v.words, ...single])] };
  indexes.set(v, index);
  return index;
}

function hasPrefix(index: Index, token: string): boolean {
  let lo = 0;
  let hi = index.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.sorted[mid]! < token) lo = mid + 1;
    else hi = mid;
  }
  return lo < index.sorted.length && index.sorted[lo]!.startsWith(token);
}

/** The catalogue has the word, or its singular or plural ('earring' for 'earrings', 'mens' for 'men'). */
function known(index: Index, token: string): boolean {
  return index.words.has(token) || index.words.has(`${token}s`) || (token.endsWith('s') && index.words.has(token.slice(0, -1)));
}

/** The groups a term is in, the singular's too ('jhumkis' → 'jhumki'). */
function groupsOf(index: Index, term: string): (readonly string[])[] {
  return index.groups.get(term) ?? (term.endsWith('s') ? (index.groups.get(term.slice(0, -1)) ?? []) : []);
}

/** The other terms of the groups, as alternatives: only those whose every word a full-text query can hold. */
/**
 * The other terms of the groups, as alternatives: only those whose every word the catalogue has (search_words
 * holds every word of names, search words and materials), so a query carries no branch that cannot match: each
 * branch costs a test on every row the full-text index hands back ('22 carat' would otherwise carry 22k, 22ct, 916…).
 */
function synonymAlternatives(index: Index, groups: (readonly string[])[], kind: MatchKind): Alternative[] {
  return groups
    .flatMap((g) => g.map((term) => ({ words: term.split(' '), kind })))
    .filter((a) => a.words.every((w) => TSQUERY_WORD.test(w) && known(index, w)));
}

function concept(tokens: string[], alternatives: Alternative[]): Concept {
  const seen = new Set<string>();
  const unique = alternatives.filter((a) => {
    const key = a.words.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { tokens, alternatives: unique };
}

/** One word of the query: literally, by its synonyms, split in two, or corrected. */
function wordConcept(index: Index, token: string): Concept {
  const alternatives: Alternative[] = [];
  const groups = groupsOf(index, token);
  if (TSQUERY_WORD.test(token)) alternatives.push({ words: [token], kind: 'literal', prefix: !known(index, token) && groups.length === 0 });
  alternatives.push(...synonymAlternatives(index, groups, 'synonym'));
  const direct = known(index, token) || hasPrefix(index, token) || groups.length > 0;
  if (!direct) {
    const letters = Array.from(token);
    // 'nosepin', 'rosegold': two catalogue words written as one.
    for (let k = 2; k <= letters.length - 2; k++) {
      const a = letters.slice(0, k).join('');
      const b = letters.slice(k).join('');
      if (index.words.has(a) && known(index, b)) alternatives.push({ words: [a, b], kind: 'split' });
    }
    for (const word of typoMatches(token, index.dictionary)) {
      if (index.words.has(word)) alternatives.push({ words: [word], kind: 'typo' });
      alternatives.push(...synonymAlternatives(index, groupsOf(index, word), 'typo'));
    }
  }
  return concept([token], alternatives);
}

function tsWord(word: string, a: Alternative): string {
  // A correction is looked for where the vocabulary came from: name, SKU, material and search words (weights A and
  // B), not in descriptions, where a look-alike word would drag in unrelated pieces.
  if (a.kind === 'typo') return `${word}:AB`;
  return a.prefix ? `${word}:*` : word;
}

function tsQuery(concepts: Concept[], keep: (a: Alternative) => boolean): string | null {
  if (concepts.length === 0) return null;
  const parts: string[] = [];
  for (const c of concepts) {
    const alternatives = c.alternatives.filter(keep).map((a) => a.words.map((w) => tsWord(w, a)).join(' & '));
    if (alternatives.length === 0) return null;
    parts.push(`(${alternatives.map((a) => `(${a})`).join(' | ')})`);
  }
  return parts.join(' & ');
}

/**
 * The plan of a query's words (already normalised by `normaliseWords`): left to right, the longest synonym term
 * (up to three words) or join ('mangal sutra' → 'mangalsutra', 'ear rings' → 'earrings') that starts at each word,
 * else the word alone. Stop words drop out. Every part must be matched by one of its alternatives.
 */
export function planSearch(tokens: readonly string[], vocabulary: Vocabulary): SearchPlan {
  const index = indexOf(vocabulary);
  const concepts: Concept[] = [];
  for (let i = 0; i < tokens.length;) {
    let taken = 0;
    for (let n = Math.min(LONGEST_TERM, tokens.length - i); n >= 2 && taken === 0; n--) {
      const slice = tokens.slice(i, i + n);
      const groups = groupsOf(index, slice.join(' '));
      const joined = slice.join('');
      const joins = known(index, joined) || groupsOf(index, joined).length > 0;
      if (groups.length === 0 && !joins) continue;
      const literal = slice.filter((t) => !STOP_WORDS.has(t));
      const alternatives: Alternative[] = [];
      if (literal.length > 0 && literal.every((w) => TSQUERY_WORD.test(w))) alternatives.push({ words: literal, kind: 'literal' });
      alternatives.push(...synonymAlternatives(index, groups, 'synonym'));
      if (joins) {
        if (TSQUERY_WORD.test(joined) && known(index, joined)) alternatives.push({ words: [joined], kind: 'joined' });
        alternatives.push(...synonymAlternatives(index, groupsOf(index, joined), 'joined'));
      }
      concepts.push(concept(slice, alternatives));
      taken = n;
    }
    if (taken > 0) {
      i += taken;
      continue;
    }
    const token = tokens[i]!;
    i++;
    if (STOP_WORDS.has(token)) continue;
    concepts.push(wordConcept(index, token));
  }
  // A part with nothing but the shopper's own word, which the catalogue's words neither hold nor start with.
  const unmatched = concepts
    .filter((c) => c.alternatives.every((a) => a.kind === 'literal') && !c.tokens.every((t) => known(index, t) || hasPrefix(index, t)))
    .map((c) => c.tokens.join(' '));
  const rankWords = [...new Set(concepts.flatMap((c) => c.alternatives.flatMap((a) => a.words.map((w) => tsWord(w, a)))))];
  return {
    concepts,
    query: tsQuery(concepts, () => true),
    literal: tsQuery(concepts, (a) => a.kind === 'literal'),
    exact: tsQuery(concepts, (a) => a.kind !== 'typo'),
    rank: rankWords.length > 0 ? rankWords.join(' | ') : null,
    unmatched,
  };
}

/**
 * The query as the search read it when it corrected a typo ('neckalce' → 'necklace'), for the listing's "Showing
 * results for necklace, not neckalce" (issue 40); null when no word was corrected. A part is corrected when it
 * matched no catalogue word, prefix or synonym and a typo correction was found: its first correction stands for it.
 */
export function correctedText(plan: Pick<SearchPlan, 'concepts'>): string | null {
  let corrected = false;
  const parts = plan.concepts.map((c) => {
    const typo = c.alternatives.find((a) => a.kind === 'typo');
    if (!typo) return c.tokens.join(' ');
    corrected = true;
    return typo.words.join(' ');
  });
  return corrected ? parts.join(' ') : null;
}

/**
 * The nearest dictionary word to a word that matched nothing, looser than a typo (up to a third of its letters,
 * any letter): what "Did you mean" offers. Null when nothing is that close.
 */
export function nearestWord(token: string, vocabulary: Vocabulary): string | null {
  const index = indexOf(vocabulary);
  const length = Array.from(token).length;
  if (length < 3 || /\d/.test(token)) return null;
  const budget = Math.max(1, Math.min(3, Math.floor(length / 3)));
  let best: string | null = null;
  let bestDistance = budget + 1;
  for (const word of index.dictionary) {
    if (word === token) continue;
    const d = editDistance(token, word, bestDistance);
    if (d < bestDistance || (d === bestDistance && best !== null && word < best)) {
      best = word;
      bestDistance = d;
    }
  }
  return best;
}
