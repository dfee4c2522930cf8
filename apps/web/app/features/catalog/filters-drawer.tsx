import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Drawer } from '../../components/layout/drawer.tsx';

/** Where the listing's sidebar stops fitting beside the grid (catalog.css uses the same width). */
const NARROW = '(max-width: 991px)';
const DRAWER_ID = 'listing-filters-drawer';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(NARROW);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True on a narrow screen in the browser; the server (and the first render) draws the wide layout. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/**
 * The listing's search, filters and cart block: beside the grid on wide screens; on narrow ones, in a
 * drawer that the toolbar's Filters button opens (focus moves into it, Escape or the close button shuts
 * it, focus goes back to the button), instead of under the whole grid. The panel is drawn in one place
 * at a time, so its fields never exist twice. Without JavaScript the button is a link to the sidebar.
 * The button and the place each read the screen's width themselves: on a phone, where the first render (the
 * server's wide layout) is followed by the narrow one, only they are rendered again, not the whole listing
 * with its cards (decision 035).
 */
export function useFiltersDrawer(panel: ReactNode) {
  const { search, pathname } = useLocation();
  // A filter chosen in the drawer shows its results: the drawer is open only at the address it was opened at, so
  // it closes when the listing's address changes (without an effect setting state at every render of a new address).
  const where = `${pathname}${search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === where;
  return {
    button: <FiltersButton open={open} onOpen={() => setOpenAt(where)} />,
    place: (
      <FiltersPlace open={open} onClose={() => setOpenAt(null)}>
        {panel}
      </FiltersPlace>
    ),
  };
}

function FiltersButton({ open, onOpen }: { open: boolean; onOpen: () => void }) {
  return useNarrow() ? (
    <button
      type="button"
      className="btn btn-outline btn-sm listing-filters-jump"
      aria-haspopup="dialog"
      aria-controls={DRAWER_ID}
      aria-expanded={open}
      onClick={onOpen}
    >
      Filters
    </button>
  ) : (
    <a href="#listing-filters" className="btn btn-outline btn-sm listing-filters-jump">
      Filters
    </a>
  );
}

function FiltersPlace({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return useNarrow() ? (
    <Drawer id={DRAWER_ID} open={open} onClose={onClose} side="left" title="Filters" className="listing-filters-drawer">
      <div className="listing-side listing-side--drawer">{children}</div>
    </Drawer>
  ) : (
    <aside className="listing-side" id="listing-filters" aria-label="Search and filters">
      {children}
    </aside>
  );
}
