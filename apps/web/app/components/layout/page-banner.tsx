import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  href: string;
}

/**
 * The breadcrumb banner of inner pages: the page's name as the heading, and Home › page below it.
 * `crumb` is the last breadcrumb's text (defaults to the title); `parents` adds linked steps between
 * Home and the page (e.g. My account › Orders). `note` is a line under the heading (a search's count);
 * `compact` is the slim banner of the product page, where the piece itself must fit a phone's first screen.
 */
export function PageBanner({
  title,
  crumb,
  parents = [],
  note,
  compact = false,
}: {
  title: string;
  crumb?: string;
  parents?: Crumb[];
  note?: ReactNode;
  compact?: boolean;
}) {
  return (
    <section className={`page-banner${compact ? ' page-banner--compact' : ''}`} aria-labelledby="page-banner-title">
      <div className="container page-banner-inner">
        <h1 id="page-banner-title" className="page-banner-title">
          {title}
        </h1>
        {note}
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            <li>
              <Link to="/">Home</Link>
            </li>
            {parents.map((p) => (
              <li key={p.href}>
                <Link to={p.href}>{p.label}</Link>
              </li>
            ))}
            <li aria-current="page">{crumb ?? title}</li>
          </ol>
        </nav>
      </div>
    </section>
  );
}
