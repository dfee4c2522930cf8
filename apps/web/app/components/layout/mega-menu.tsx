import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STONE_AND_METAL_FILTERS } from '@milli/contracts';
import { GiftArt } from './gift-art.tsx';
import { ArrowRightIcon, SketchIcon } from './icons.tsx';
import { GIFT_OCCASIONS, GIFT_RECIPIENTS, PRICE_LINKS, filterHref } from './nav-links.ts';

/** Other stones shown after the fixed filters; the full list is on the listing's filter panel. */
const MAX_OTHER_STONES = 6;

/** Up/Down/Home/End move between the category links (roving focus); Tab goes into the focused category's panels. */
function moveBetweenCategories(event: KeyboardEvent<HTMLAnchorElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const list = event.currentTarget.closest('ul');
  if (!list) return;
  const links = [...list.querySelectorAll<HTMLAnchorElement>(':scope > li > .mega-cat-link')];
  const at = links.indexOf(event.currentTarget);
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? links.length - 1 : event.key === 'ArrowDown' ? at + 1 : at - 1;
  const target = links[(next + links.length) % links.length];
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

function Column({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="mega-col">
      <p className="mega-heading" id={id}>
        {title}
      </p>
      <ul className="mega-links" aria-labelledby={id}>
        {children}
      </ul>
    </div>
  );
}

export function CustomDesignPromo() {
  return (
    <Link to="/custom-design" className="mega-promo">
      <span className="mega-promo-icon">
        <SketchIcon size={28} />
      </span>
      <span className="mega-promo-eyebrow">Made only for you</span>
      <span className="mega-promo-title">Design your own piece</span>
      <span className="mega-promo-text">Share a sketch or a photo; our designers send you a CAD drawing to approve.</span>
      <span className="mega-promo-cta">
        Start a custom design <ArrowRightIcon />
      </span>
    </Link>
  );
}

/**
 * The mega-menu of one material: categories on the left; for the hovered or focused one, Shop by Style
 * (its tags), Shop by Metal & Stone, Shop by price and the custom-design promo. Only the chosen category's
 * panels are rendered, and the whole menu only while it is open (NavDropdown): rendering all of them put about a
 * thousand links, 200 KB, into every page (decisions 017 and 055). Without JavaScript the material's entry is a
 * link to its listing, whose filter panel offers the same choices.
 */
export function MegaMenu({
  material,
  categories,
  tagsByCategory,
  otherStones,
}: {
  material: string;
  categories: string[];
  tagsByCategory: Record<string, string[]>;
  otherStones: string[];
}) {
  const [chosen, setChosen] = useState(categories[0]);
  // The list can change under us (revalidation): fall back to the first category.
  const active = chosen !== undefined && categories.includes(chosen) ? chosen : categories[0];
  const setActive = setChosen;
  const slug = material.toLowerCase();
  const stones = [
    ...STONE_AND_METAL_FILTERS,
    ...otherStones.filter((s) => !(STONE_AND_METAL_FILTERS as readonly string[]).includes(s)).slice(0, MAX_OTHER_STONES),
  ];

  return (
    <div className="container mega-inner">
      <div className="mega-side">
        <p className="mega-eyebrow">{material} jewellery</p>
        <ul className="mega-cats">
          {categories.map((category, i) => {
            const key = `${slug}-${i}`;
            const tags = tagsByCategory[category] ?? [];
            return (
              <li key={category} className={`mega-cat${category === active ? ' is-active' : ''}`} onMouseEnter={() => setActive(category)}>
                <Link className="mega-cat-link" to={filterHref({ material, category })} onFocus={() => setActive(category)} onKeyDown={moveBetweenCategories}>
                  {category}
                </Link>
                {category === active && (
                  <div className="mega-detail">
                    <Column id={`${key}-style`} title="Shop by Style">
                      {tags.length > 0 ? (
                        tags.map((tag) => (
                          <li key={tag}>
                            <Link to={filterHref({ material, category, tag })}>{tag}</Link>
                          </li>
                        ))
                      ) : (
                        <li>
                          <Link to={filterHref({ material, category })}>
                            All {material.toLowerCase()} {category.toLowerCase()}
                          </Link>
                        </li>
                      )}
                    </Column>
                    <Column id={`${key}-stone`} title="Shop by Metal & Stone">
                      {stones.map((stone) => (
                        <li key={stone}>
                          <Link to={filterHref({ material, category, stone })}>{stone}</Link>
                        </li>
                      ))}
                    </Column>
                    <Column id={`${key}-price`} title="Shop by price">
                      {PRICE_LINKS.map((band) => (
                        <li key={band.href}>
                          <Link to={band.href}>{band.label}</Link>
                        </li>
                      ))}
                    </Column>
                    <CustomDesignPromo />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <Link className="mega-all" to={filterHref({ material })}>
          View all {material.toLowerCase()} <ArrowRightIcon />
        </Link>
      </div>
    </div>
  );
}

/** Gifting: four occasion tiles, then who it is for. */
export function GiftingMenu() {
  return (
    <div className="container gifting-inner">
      <ul className="gift-tiles">
        {GIFT_OCCASIONS.map((gift) => (
          <li key={gift.art}>
            <Link to={gift.href} className={`gift-tile gift-tile--${gift.art}`}>
              <GiftArt name={gift.art} />
              <span className="gift-label">{gift.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="gift-for">
        <p className="mega-heading" id="gift-for-heading">
          Shop for
        </p>
        <ul className="mega-links" aria-labelledby="gift-for-heading">
          {GIFT_RECIPIENTS.map((r) => (
            <li key={r.label}>
              <Link to={r.href}>{r.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
