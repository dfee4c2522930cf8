import { Link } from 'react-router';
import { ART_SIZE, artAlt, artUrl, type ArtPiece } from '../../lib/art-url.ts';

interface Chapter {
  id: string;
  eyebrow: string;
  title: string;
  paragraphs: string[];
  art: ArtPiece;
  action?: { label: string; to: string };
}

/** The four About sections of the specification, in the store's own voice. */
const CHAPTERS: Chapter[] = [
  {
    id: 'crafted-with-care',
    eyebrow: 'Since our first workshop in Chennai',
    title: 'Crafted with care',
    paragraphs: [
      'Milli began in a small workshop off Usman Road in T. Nagar, where a family of goldsmiths had been making wedding jewellery for their neighbours for three generations. The tools have changed since then; the patience has not.',
      'Every piece is still drawn by hand before it is modelled, cast, set and polished by karigars who sign their work with a hallmark and a quiet pride. A bangle may pass through eleven pairs of hands before it reaches yours, and each of them checks the one before.',
    ],
    art: { kind: 'necklace', metal: 'yellow-gold', stone: 'ruby' },
  },
  {
    id: 'accessible-luxury',
    eyebrow: 'Fine jewellery, fairly priced',
    title: 'Accessible luxury',
    paragraphs: [
      'We believe fine jewellery should mark everyday joys as well as once-in-a-lifetime ones. So we sell directly, keep our making charges modest, and design pieces light enough to wear to work and beautiful enough to wear to a wedding.',
      'From a first pair of gold studs to a bridal set, from silver for a college farewell to a platinum band for a promise, there is a Milli piece for every budget, and every one is made to the same standard.',
    ],
    art: { kind: 'earrings', metal: 'rose-gold', stone: 'diamond', style: 1 },
    action: { label: 'Explore the collection', to: '/alljewellery' },
  },
  {
    id: 'transparency-and-trust',
    eyebrow: 'Nothing hidden, ever',
    title: 'Transparency and trust',
    paragraphs: [
      'Your bill tells you exactly what you paid for: the weight and purity of the metal, the day’s rate, the stones and their certificates, our making charge and the GST. Every gold piece carries its BIS hallmark and a unique HUID that you can verify yourself.',
      'When you return to exchange or sell back a Milli piece, we test and weigh it in front of you and value it at that day’s rate. Trust is earned one honest transaction at a time, and we intend to keep earning it.',
    ],
    art: { kind: 'ring', metal: 'white-gold', stone: 'diamond' },
  },
  {
    id: 'join-the-family',
    eyebrow: 'Stay close',
    title: 'Join the family',
    paragraphs: [
      'Families across India now wear Milli, and many of them have helped shape what we make: a grandmother’s jhumka redrawn for a granddaughter, a father’s chain remade into two lockets for his twins.',
      'Create an account to save your favourites, follow your orders and be the first to see new collections. Or visit one of our stores, have a cup of filter coffee with us, and try things on at your own pace.',
    ],
    art: { kind: 'bangle', metal: 'yellow-gold', stone: 'emerald', style: 1 },
    action: { label: 'Create your account', to: '/register' },
  },
];

export function AboutStory() {
  return (
    <div className="about-story">
      {CHAPTERS.map((chapter, i) => (
        <section
          key={chapter.id}
          id={chapter.id}
          className={`about-chapter section${i % 2 === 1 ? ' section--warm about-chapter--flip' : ''}`}
          aria-labelledby={`${chapter.id}-title`}
        >
          <div className="container about-chapter-inner">
            <div className="about-chapter-art">
              <img
                src={artUrl(chapter.art)}
                alt={artAlt(chapter.art)}
                width={ART_SIZE}
                height={ART_SIZE}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </div>
            <div className="about-chapter-copy">
              <span className="section-eyebrow">{chapter.eyebrow}</span>
              <h2 id={`${chapter.id}-title`}>{chapter.title}</h2>
              {chapter.paragraphs.map((p) => (
                <p key={p.slice(0, 24)}>{p}</p>
              ))}
              {chapter.action && (
                <Link to={chapter.action.to} className="btn btn-outline">
                  {chapter.action.label}
                </Link>
              )}
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}
