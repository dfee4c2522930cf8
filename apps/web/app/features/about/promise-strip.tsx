import type { ReactNode } from 'react';

function PromiseIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const PROMISES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Ethically Sourced',
    text: 'Conflict-free diamonds and gold from refiners who account for every gram.',
    icon: (
      <PromiseIcon>
        <path d="M24 42V22" />
        <path d="M24 30c-8 0-13-5-13-13 8 0 13 5 13 13Z" />
        <path d="M24 24c0-8 5-13 13-13 0 8-5 13-13 13Z" />
        <path d="M14 42h20" />
      </PromiseIcon>
    ),
  },
  {
    title: 'Sealed in Assurance',
    text: 'Every piece leaves us sealed, insured and with its certificates in the box.',
    icon: (
      <PromiseIcon>
        <rect x="8" y="16" width="32" height="24" rx="2" />
        <path d="M8 22h32M24 16v24" />
        <path d="M24 16c-3-6-10-8-10-3s7 3 10 3c3 0 10 2 10-3s-7-3-10 3Z" />
      </PromiseIcon>
    ),
  },
  {
    title: 'Upgrade Your Jewellery',
    text: 'Exchange any Milli piece for a new design, for life, at the day’s metal value.',
    icon: (
      <PromiseIcon>
        <path d="M10 30a14 14 0 0 1 24-14" />
        <path d="M36 8v9h-9" />
        <path d="M38 18a14 14 0 0 1-24 14" />
        <path d="M12 40v-9h9" />
      </PromiseIcon>
    ),
  },
  {
    title: 'Certified Product',
    text: 'BIS hallmark and HUID on gold, independent lab certificates on diamonds.',
    icon: (
      <PromiseIcon>
        <circle cx="24" cy="19" r="11" />
        <path d="M19 19l4 4 7-8" />
        <path d="M17 28l-4 13 6-3 4 5 2-10M31 28l4 13-6-3-4 5" />
      </PromiseIcon>
    ),
  },
];

/** The About page's promise strip (spec §1): four promises with their icons. */
export function PromiseStrip() {
  return (
    <section className="about-promises" aria-labelledby="about-promises-title">
      <div className="container">
        <h2 id="about-promises-title" className="visually-hidden">
          Our promises
        </h2>
        <ul className="about-promise-list">
          {PROMISES.map((p) => (
            <li key={p.title} className="about-promise">
              <span className="about-promise-icon">{p.icon}</span>
              <h3 className="about-promise-title">{p.title}</h3>
              <p className="about-promise-text">{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
