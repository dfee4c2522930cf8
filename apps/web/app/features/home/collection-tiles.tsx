import { Link } from 'react-router';
import { categoryQueryName } from '@milli/contracts';
import { ART_SIZE, artUrl, type ArtPiece } from '../../lib/art-url.ts';

/** The eight collections of the home page, each with the drawing that stands for it. */
const COLLECTIONS: { name: string; art: ArtPiece }[] = [
  { name: 'Bangles', art: { kind: 'bangle', metal: 'yellow-gold', stone: 'ruby' } },
  { name: 'Bracelets', art: { kind: 'bracelet', metal: 'rose-gold', stone: 'diamond', style: 1 } },
  { name: 'Chains', art: { kind: 'chain', metal: 'yellow-gold', stone: 'plain', style: 1 } },
  { name: 'Earrings', art: { kind: 'jhumka', metal: 'yellow-gold', stone: 'pearl' } },
  { name: 'Necklaces', art: { kind: 'necklace', metal: 'yellow-gold', stone: 'emerald' } },
  { name: 'Nose Pins', art: { kind: 'nose-pin', metal: 'white-gold', stone: 'diamond' } },
  { name: 'Pendants', art: { kind: 'pendant', metal: 'platinum', stone: 'sapphire', style: 1 } },
  { name: 'Rings', art: { kind: 'ring', metal: 'yellow-gold', stone: 'diamond' } },
];

/** The listing's category filter: a JSON object in the path (spec §2); Rings travel as 'Fingerring'. */
export function categoryFilterHref(name: string): string {
  return `/alljewellery/productfilter/${encodeURIComponent(JSON.stringify({ category: categoryQueryName(name) }))}`;
}

export function CollectionTiles() {
  return (
    <section className="section collections" aria-labelledby="collections-title">
      <div className="container">
        <span className="section-eyebrow center">Shop by category</span>
        <h2 id="collections-title" className="section-title">
          Our Collections
        </h2>
        <ul className="collection-grid">
          {COLLECTIONS.map(({ name, art }) => (
            <li key={name}>
              <Link to={categoryFilterHref(name)} className="collection-tile">
                <span className="collection-frame">
                  <img src={artUrl(art)} alt="" width={ART_SIZE} height={ART_SIZE} loading="lazy" decoding="async" />
                </span>
                <span className="collection-name">{name}</span>
                <span className="collection-more" aria-hidden="true">
                  Explore
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
