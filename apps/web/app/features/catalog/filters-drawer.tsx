import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
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
function useNarrow(): boolean {
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
 */
export function useFiltersDrawer(panel: ReactNode) {
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const { search, pathname } = useLocation();
  // A filter chosen in the drawer shows its results: the drawer closes when the listing's address changes.
  useEffect(() => setOpen(false), [search, pathname]);

  const button = narrow ? (
    <button
      type="button"
      className="btn btn-outline btn-sm listing-filters-jump"
      aria-haspopup="dialog"
      aria-controls={DRAWER_ID}
      aria-expanded={open}
      onClick={() => setOpen(true)}
    >
      Filters
    </button>
  ) : (
    <a href="#listing-filters" className="btn btn-outline btn-sm listing-filters-jump">
      Filters
    </a>
  );

  const place = narrow ? (
    <Drawer id={DRAWER_ID} open={open} onClose={() => setOpen(false)} side="left" title="Filters" className="listing-filters-drawer">
      <div className="listing-side listing-side--drawer">{panel}</div>
    </Drawer>
  ) : (
    <aside className="listing-side" id="listing-filters" aria-label="Search and filters">
      {panel}
    </aside>
  );
  return { button, place };
}
