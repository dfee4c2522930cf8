import { describe, expect, it } from 'vitest';
import {
  correctedText,
  editDistance,
  nearestWord,
  normaliseTerm,
  normaliseWords,
  planSearch,
  typoBudget,
  typoMatches,
  type Vocabulary,
} from './search-plan.ts';

const vocabulary: Vocabulary = {
  words: new Set(
    'gold silver ring rings earrings necklace necklaces chain chains bangle bangles bracelet bracelets jhumka jhumkas kada mangalsutra nose pin pins pearl ruby 22kt 22 karat kundan choker chokers men solitaire platinum rose nath'.split(
      ' ',
    ),
  ),
  synonyms: [
    ['jhumka', 'jhumkas', 'jhumki', 'jhumkha', 'झुमका'],
    ['kada', 'kadaa', 'kara', 'कड़ा'],
    ['necklace', 'necklaces', 'haar', 'हार'],
    ['ring', 'rings', 'अंगूठी', 'மோதிரம்'],
    ['nath', 'nose ring'],
    ['22kt', '22k', '22 carat', '916'],
    ['pearl', 'perl', 'moti'],
    ['bangle', 'bangles', 'चूड़ी', 'வளையல்'],
  ].map((g) => g.map(normaliseTerm)),
};

const plan = (q: string) => planSearch(normaliseWords(q), vocabulary);

describe('normalising a query', () => {
  it('lower-cases, drops possessives, accents and symbols, and keeps Indian scripts whole', () => {
    expect(normaliseWords("Men's  GOLD-ring!")).toEqual(['men', 'gold', 'ring']);
    expect(normaliseWords('men’s')).toEqual(['men']);
    expect(normaliseWords('Solitaíre')).toEqual(['solitaire']);
    expect(normaliseWords('सोने की चूड़ी')).toEqual(['सोने', 'की', 'चूड़ी']);
    expect(normaliseWords('மோதிரம்')).toEqual(['மோதிரம்']);
    // ड़ typed as one code point (U+095C) or as ड + nukta is the same word.
    expect(normaliseWords('\u091a\u0942\u095c\u0940')).toEqual(normaliseWords('\u091a\u0942\u0921\u093c\u0940'));
    expect(normaliseWords(`'"&|!:*()<->`)).toEqual([]);
  });
});

describe('typos, as the engines count them', () => {
  it('counts a swap of neighbouring letters as one edit (Damerau-Levenshtein)', () => {
    expect(editDistance('neckalce', 'necklace')).toBe(1);
    expect(editDistance('chian', 'chain')).toBe(1);
    expect(editDistance('brecelet', 'bracelet')).toBe(1);
    expect(editDistance('jhumka', 'jhumkha')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('platnum', 'platinum')).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('allows one typo from 5 letters, two from 9, and a swap only at 4', () => {
    expect([3, 4, 5, 8, 9, 12].map(typoBudget)).toEqual([0, 1, 1, 1, 2, 2]);
    expect(typoMatches('chian', vocabulary.words)).toEqual(['chain']);
    expect(typoMatches('neckalce', vocabulary.words)).toEqual(['necklace']);
    expect(typoMatches('rign', vocabulary.words)).toEqual(['ring']);
    // 4 letters: a swap, nothing else ('rung' is a substitution).
    expect(typoMatches('rung', vocabulary.words)).toEqual([]);
    expect(typoMatches('platnium', vocabulary.words)).toEqual(['platinum']);
    expect(typoMatches('mangalsutr', vocabulary.words)).toEqual(['mangalsutra']);
    expect(typoMatches('mangalstura', vocabulary.words)).toEqual(['mangalsutra']);
    // Two typos only from 9 letters.
    expect(typoMatches('brcelt', vocabulary.words)).toEqual([]);
    expect(typoMatches('brceleet', vocabulary.words)).toEqual([]);
    expect(typoMatches('mnagalsutr', vocabulary.words)).toEqual(['mangalsutra']);
  });

  it('never puts the typo on the first letter of a short word, nor corrects a number', () => {
    expect(typoMatches('tuby', vocabulary.words)).toEqual([]);
    expect(typoMatches('irng', vocabulary.words)).toEqual([]);
    expect(typoMatches('hold', vocabulary.words)).toEqual([]);
    expect(typoMatches('917', ['916'])).toEqual([]);
  });
});

describe('the plan of a query', () => {
  it('matches a word the catalogue has whole, and the word being typed as a prefix', () => {
    expect(plan('gold').query).toBe('((gold))');
    expect(plan('jhu').query).toBe('((jhu:*))');
    expect(plan('gold ring').query).toBe('((gold)) & ((ring) | (rings))');
  });

  it('lets every word of several carry its own typo, ranked below literal matches', () => {
    const p = plan('gold rign');
    expect(p.query).toBe('((gold)) & ((rign:*) | (ring:AB) | (rings:AB))');
    expect(p.literal).toBe('((gold)) & ((rign:*))');
    expect(p.exact).toBe(p.literal);
    expect(plan('neckalce chian').query).toBe('((neckalce:*) | (necklace:AB) | (necklaces:AB)) & ((chian:*) | (chain:AB))');
  });

  it('says what a corrected query was read as, and nothing when no word was corrected (issue 40)', () => {
    expect(correctedText(plan('neckalce'))).toBe('necklace');
    expect(correctedText(plan('gold rign'))).toBe('gold ring');
    expect(correctedText(plan('neckalce chian'))).toBe('necklace chain');
    expect(correctedText(plan('gold ring'))).toBeNull();
    expect(correctedText(plan('jhu'))).toBeNull();
  });

  it('does not correct a word the catalogue has ("rings" is not a typo of "earrings")', () => {
    expect(plan('rings').concepts[0]!.alternatives.every((a) => a.kind !== 'typo')).toBe(true);
  });

  it('joins split words and splits joined ones', () => {
    expect(plan('mangal sutra').query).toBe('((mangal & sutra) | (mangalsutra))');
    expect(plan('ear rings').query).toBe('((ear & rings) | (earrings))');
    expect(plan('nosepin').query).toBe('((nosepin:*) | (nose & pin))');
    expect(plan('rosegold').query).toBe('((rosegold:*) | (rose & gold))');
  });

  it('expands synonyms, in any script, and hallmark numbers to purities', () => {
    // Only the terms the catalogue has: a branch that cannot match still costs a test per row.
    expect(plan('jhumki').query).toBe('((jhumki) | (jhumka) | (jhumkas))');
    expect(plan('kada').query).toBe('((kada))');
    expect(plan('kara').query).toBe('((kara) | (kada))');
    expect(plan('916 gold ring').query).toBe('((916) | (22kt)) & ((gold)) & ((ring) | (rings))');
    expect(plan('22 carat').query).toBe('((22 & carat) | (22kt))');
    expect(plan('हार').query).toBe('((necklace) | (necklaces))');
    expect(plan('மோதிரம்').query).toBe('((ring) | (rings))');
    expect(plan('नोज़').query).toBeNull();
    expect(plan('perl earrings').query).toBe('((perl) | (pearl)) & ((earrings))');
    expect(plan('gold nose ring').query).toBe('((gold)) & ((nose & ring) | (nath))');
  });

  it('corrects a typo of a synonym to its group', () => {
    expect(plan('jhumkhi').query).toContain('(jhumka:AB)');
  });

  it('drops stop words, and reports the words that match nothing', () => {
    expect(plan('ring for her').query).toBe('((ring) | (rings))');
    expect(plan('for the').query).toBeNull();
    expect(plan('zzqxw gold').unmatched).toEqual(['zzqxw']);
    expect(plan('gold rign').unmatched).toEqual([]);
  });

  it('offers the nearest word for "Did you mean", looser than a typo', () => {
    expect(nearestWord('brcelt', vocabulary)).toBe('bracelet');
    expect(nearestWord('zzqxw', vocabulary)).toBeNull();
  });
});
