/** The demo catalogue's vocabulary: categories, their styles, stones and the words pieces are named with. */
import type { ArtKind } from '../art.ts';

export type Gender = 'Women' | 'Men' | 'Kids' | 'Unisex';

export interface StyleSpec {
  /** Tag name shown under 'Shop by Style'. */
  tag: string;
  /** How a piece of this style is called at the end of its name. */
  noun: string;
  art: ArtKind;
  /** Fixed drawing style; otherwise it alternates. */
  artStyle?: 0 | 1;
  gender?: Gender;
  occasions: string[];
  /** A single large centre stone (priced at a finer diamond quality). */
  solitaire?: boolean;
}

export interface CategorySpec {
  name: string;
  queryName: string;
  slug: string;
  /** Two letters of the SKU: MG-RG-0001 is a gold ring. */
  code: string;
  styles: StyleSpec[];
  /** First words of names: motifs of Indian jewellery. */
  motifs: string[];
  /** Believable metal weight in grams: gold and platinum, then silver. */
  grams: { precious: [number, number]; silver: [number, number] };
}

const festive = ['Wedding', 'Festive'];
const everyday = ['Daily', 'Office'];
const gifting = ['Birthday', 'Anniversary'];

export const CATEGORY_SPECS: CategorySpec[] = [
  {
    name: 'Bangles',
    queryName: 'Bangles',
    slug: 'bangles',
    code: 'BG',
    styles: [
      { tag: 'Kada', noun: 'Kada', art: 'bangle', artStyle: 0, occasions: festive },
      { tag: 'Broad Bangles', noun: 'Broad Bangle', art: 'bangle', artStyle: 0, occasions: festive },
      { tag: 'Thin Bangles', noun: 'Bangle Pair', art: 'bangle', artStyle: 1, occasions: everyday },
      { tag: 'Temple', noun: 'Temple Bangle', art: 'bangle', occasions: festive },
      { tag: 'Meenakari', noun: 'Meenakari Bangle', art: 'bangle', occasions: festive },
      { tag: 'Stackable', noun: 'Stacking Bangles', art: 'bangle', artStyle: 1, occasions: [...everyday, ...gifting] },
      { tag: 'Kids Bangles', noun: 'Kids Bangle', art: 'bangle', artStyle: 1, gender: 'Kids', occasions: ['Birthday'] },
    ],
    motifs: ['Kangan', 'Nakshi', 'Rajwadi', 'Kairi', 'Gajra', 'Mayur', 'Jaali', 'Chakra', 'Hansa', 'Bela', 'Sankh', 'Kamal'],
    grams: { precious: [4, 45], silver: [12, 70] },
  },
  {
    name: 'Bracelets',
    queryName: 'Bracelets',
    slug: 'bracelets',
    code: 'BR',
    styles: [
      { tag: 'Tennis', noun: 'Tennis Bracelet', art: 'bracelet', artStyle: 0, occasions: [...gifting, 'Office'] },
      { tag: 'Chain Bracelets', noun: 'Chain Bracelet', art: 'bracelet', artStyle: 1, occasions: everyday },
      { tag: 'Charm', noun: 'Charm Bracelet', art: 'bracelet', artStyle: 1, occasions: gifting },
      { tag: 'Cuffs', noun: 'Cuff', art: 'bangle', artStyle: 0, occasions: ['Festive', 'Office'] },
      { tag: 'Mangalsutra Bracelets', noun: 'Mangalsutra Bracelet', art: 'bracelet', artStyle: 0, occasions: ['Wedding', 'Anniversary'] },
      { tag: "Men's Bracelets", noun: 'Link Bracelet', art: 'bracelet', artStyle: 1, gender: 'Men', occasions: gifting },
      { tag: 'Kids Bracelets', noun: 'Nazariya Bracelet', art: 'bracelet', artStyle: 1, gender: 'Kids', occasions: ['Birthday'] },
    ],
    motifs: ['Tara', 'Mogra', 'Sitara', 'Leher', 'Bandhan', 'Ananta', 'Chandni', 'Noor', 'Jugnu', 'Meher', 'Kiran', 'Phool'],
    grams: { precious: [3, 25], silver: [6, 35] },
  },
  {
    name: 'Chains',
    queryName: 'Chains',
    slug: 'chains',
    code: 'CH',
    styles: [
      { tag: 'Rope', noun: 'Rope Chain', art: 'chain', artStyle: 1, occasions: everyday },
      { tag: 'Cable', noun: 'Cable Chain', art: 'chain', artStyle: 0, occasions: everyday },
      { tag: 'Box', noun: 'Box Chain', art: 'chain', artStyle: 0, occasions: everyday },
      { tag: 'Singapore', noun: 'Singapore Chain', art: 'chain', artStyle: 1, occasions: gifting },
      { tag: 'Station', noun: 'Station Chain', art: 'chain', artStyle: 0, occasions: gifting },
      { tag: "Men's Chains", noun: 'Curb Chain', art: 'chain', artStyle: 1, gender: 'Men', occasions: gifting },
    ],
    motifs: ['Dhaaga', 'Lehar', 'Sutra', 'Rekha', 'Kadi', 'Taar', 'Sarita', 'Veni', 'Zanjeer', 'Dor'],
    grams: { precious: [4, 40], silver: [8, 60] },
  },
  {
    name: 'Earrings',
    queryName: 'Earrings',
    slug: 'earrings',
    code: 'ER',
    styles: [
      { tag: 'Studs', noun: 'Stud Earrings', art: 'studs', occasions: [...everyday, ...gifting] },
      { tag: 'Jhumkas', noun: 'Jhumka Earrings', art: 'jhumka', occasions: festive },
      { tag: 'Drops', noun: 'Drop Earrings', art: 'earrings', artStyle: 0, occasions: ['Anniversary', 'Festive'] },
      { tag: 'Hoops', noun: 'Hoop Earrings', art: 'earrings', artStyle: 1, occasions: everyday },
      { tag: 'Chandbalis', noun: 'Chandbali Earrings', art: 'jhumka', artStyle: 1, occasions: festive },
      { tag: 'Sui Dhaga', noun: 'Sui Dhaga Earrings', art: 'earrings', artStyle: 0, occasions: everyday },
    ],
    motifs: ['Meenakari', 'Mayur', 'Kamal', 'Gulmohar', 'Champa', 'Chandni', 'Paisley', 'Jharokha', 'Mogra', 'Ambi', 'Surya', 'Kalash', 'Tara', 'Shikhar'],
    grams: { precious: [1.5, 20], silver: [3, 12] },
  },
  {
    name: 'Necklaces',
    queryName: 'Necklaces',
    slug: 'necklaces',
    code: 'NK',
    styles: [
      { tag: 'Chokers', noun: 'Choker Necklace', art: 'necklace', artStyle: 0, occasions: festive },
      { tag: 'Layered', noun: 'Layered Haar', art: 'necklace', artStyle: 1, occasions: festive },
      { tag: 'Temple', noun: 'Temple Necklace', art: 'necklace', artStyle: 0, occasions: festive },
      { tag: 'Kundan', noun: 'Kundan Necklace', art: 'necklace', artStyle: 0, occasions: festive },
      { tag: 'Mangalsutra', noun: 'Mangalsutra', art: 'necklace', artStyle: 1, occasions: ['Wedding', 'Anniversary'] },
      { tag: 'Collar', noun: 'Collar Necklace', art: 'necklace', artStyle: 0, occasions: ['Anniversary', 'Festive'] },
    ],
    motifs: ['Rani', 'Lakshmi', 'Mayur', 'Kamal', 'Rajwadi', 'Gopuram', 'Shringar', 'Utsav', 'Navrang', 'Padma', 'Mohini', 'Vaijayanti'],
    grams: { precious: [10, 70], silver: [20, 150] },
  },
  {
    name: 'Nose Pins',
    queryName: 'Nose Pins',
    slug: 'nose-pins',
    code: 'NP',
    styles: [
      { tag: 'Floral', noun: 'Nose Pin', art: 'nose-pin', artStyle: 0, occasions: everyday },
      { tag: 'Solitaire', noun: 'Solitaire Nose Pin', art: 'nose-pin', artStyle: 1, solitaire: true, occasions: ['Anniversary', 'Daily'] },
      { tag: 'Nath', noun: 'Nath', art: 'nose-pin', artStyle: 0, occasions: ['Wedding'] },
      { tag: 'Clip-On', noun: 'Clip-On Nose Pin', art: 'nose-pin', artStyle: 1, occasions: everyday },
      { tag: 'Minimal', noun: 'Mini Nose Pin', art: 'nose-pin', artStyle: 1, occasions: everyday },
    ],
    motifs: ['Laung', 'Phool', 'Kanak', 'Bindu', 'Chameli', 'Jugnu', 'Tara', 'Kali', 'Moti', 'Heera'],
    grams: { precious: [0.2, 1.5], silver: [0.4, 2] },
  },
  {
    name: 'Pendants',
    queryName: 'Pendants',
    slug: 'pendants',
    code: 'PD',
    styles: [
      { tag: 'Solitaire', noun: 'Solitaire Pendant', art: 'pendant', artStyle: 0, solitaire: true, occasions: gifting },
      { tag: 'Coin', noun: 'Coin Pendant', art: 'pendant', artStyle: 1, occasions: ['Festive', 'Birthday'] },
      { tag: 'Religious', noun: 'Pendant', art: 'pendant', artStyle: 1, occasions: ['Festive'] },
      { tag: 'Heart', noun: 'Heart Pendant', art: 'pendant', artStyle: 0, occasions: gifting },
      { tag: 'Floral', noun: 'Flower Pendant', art: 'pendant', artStyle: 1, occasions: everyday },
      { tag: 'Evil Eye', noun: 'Evil Eye Pendant', art: 'pendant', artStyle: 0, occasions: ['Birthday', 'Daily'] },
    ],
    motifs: ['Lakshmi', 'Ganesha', 'Om', 'Surya', 'Kamal', 'Tulsi', 'Nandi', 'Shankh', 'Chandrika', 'Aarohi', 'Dil', 'Nazar'],
    grams: { precious: [1, 12], silver: [2.5, 10] },
  },
  {
    name: 'Rings',
    queryName: 'Fingerring',
    slug: 'rings',
    code: 'RG',
    styles: [
      { tag: 'Solitaire', noun: 'Solitaire Ring', art: 'ring', artStyle: 0, solitaire: true, occasions: ['Anniversary', 'Wedding'] },
      { tag: 'Cocktail', noun: 'Cocktail Ring', art: 'ring', artStyle: 1, occasions: ['Festive', 'Birthday'] },
      { tag: 'Couple Bands', noun: 'Couple Band', art: 'ring', artStyle: 0, gender: 'Unisex', occasions: ['Wedding', 'Anniversary'] },
      { tag: 'Engagement', noun: 'Engagement Ring', art: 'ring', artStyle: 0, solitaire: true, occasions: ['Wedding'] },
      { tag: 'Eternity', noun: 'Eternity Band', art: 'ring', artStyle: 1, occasions: ['Anniversary'] },
      { tag: "Men's Rings", noun: 'Signet Ring', art: 'ring', artStyle: 0, gender: 'Men', occasions: gifting },
      { tag: 'Stackable', noun: 'Stacking Ring', art: 'ring', artStyle: 1, occasions: everyday },
    ],
    motifs: ['Angoothi', 'Mudra', 'Kamal', 'Sitara', 'Raja', 'Vivaah', 'Prem', 'Sindoor', 'Tara', 'Mayur', 'Neel', 'Jyoti', 'Kiran', 'Ishq'],
    grams: { precious: [1.8, 12], silver: [2.5, 8] },
  },
  {
    name: 'Daily Wears',
    queryName: 'Daily Wears',
    slug: 'daily-wears',
    code: 'DW',
    styles: [
      { tag: 'Office Wear', noun: 'Office Studs', art: 'studs', occasions: ['Office'] },
      { tag: 'Everyday Studs', noun: 'Everyday Studs', art: 'studs', artStyle: 0, occasions: ['Daily'] },
      { tag: 'Lightweight Chains', noun: 'Featherlight Chain', art: 'chain', artStyle: 0, occasions: ['Daily'] },
      { tag: 'Minimal Pendants', noun: 'Mini Pendant', art: 'pendant', artStyle: 0, occasions: ['Daily', 'Birthday'] },
      { tag: 'Stackable Rings', noun: 'Midi Ring', art: 'ring', artStyle: 1, occasions: ['Daily'] },
      { tag: 'Kids', noun: 'Kids Studs', art: 'studs', artStyle: 1, gender: 'Kids', occasions: ['Birthday'] },
    ],
    motifs: ['Bindi', 'Chhavi', 'Saral', 'Mini', 'Kali', 'Dew', 'Pankh', 'Pushp', 'Ira', 'Nitya'],
    grams: { precious: [0.5, 5], silver: [1.5, 6] },
  },
];

/** Stones a shopper can filter by ('Shop by Metal & Stone'). Diamond is a material, not listed here. */
export const OTHER_STONE_NAMES = ['Gem Stone', 'Navaratna', 'Pearl', 'Ruby', 'Emerald', 'Sapphire', 'Coral', 'Polki', 'Smoky Quartz', 'Hematite'] as const;
