import type { ReactNode } from 'react';

export interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal page as the privacy policy first laid it out: a table of contents beside numbered sections,
 * each with an anchor, and the date the text last changed.
 */
export function LegalDocument({ label, lead, updated, sections }: { label: string; lead: ReactNode; updated: string; sections: PolicySection[] }) {
  return (
    <div className="container legal">
      <nav className="legal-toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title" className="legal-toc-title">
          On this page
        </h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="legal-body" aria-label={label}>
        <header className="legal-head">
          <p className="legal-lead">{lead}</p>
          <p className="muted">Last updated: {updated}</p>
        </header>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>
              <span className="legal-num" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </article>
    </div>
  );
}

/**
 * In place of a legal page whose figures are store settings (the return window, the shipping fee, the seller) when the
 * API could not give them: the page never states terms it was not given.
 */
export function LegalUnavailable() {
  return (
    <div className="container legal">
      <p className="legal-lead">This page could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
