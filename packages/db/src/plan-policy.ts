/**
 * Which statements get a kept plan (decision 037), one rule for PGlite (pglite-plans.ts) and PostgreSQL
 * (pg-plans.ts): a text is kept the second time it is seen, so a statement sent once (a migration, a one-off
 * report) never is; a text longer than TEXT_MAX is a bulk statement (an import's many rows), never kept. The texts
 * seen once are remembered up to SEEN_MAX, the oldest forgotten first.
 */
export const TEXT_MAX = 8_192;
const SEEN_MAX = 2_000;

/** Statements kept at most, per process (and so per connection): a few hundred call sites, with room to spare. */
export const KEPT_MAX = 500;

export class SeenTwice {
  readonly #seen = new Set<string>();

  /** True the second time `text` is offered (and it is short enough); remembers it the first time. */
  secondSighting(text: string): boolean {
    if (text.length > TEXT_MAX) return false;
    if (this.#seen.delete(text)) return true;
    if (this.#seen.size >= SEEN_MAX) this.#seen.delete(this.#seen.values().next().value as string);
    this.#seen.add(text);
    return false;
  }
}
