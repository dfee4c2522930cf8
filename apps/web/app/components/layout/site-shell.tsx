import type { ReactNode } from 'react';
import '../../styles/layout.css';
import { BackToTop } from './back-to-top.tsx';
import { PreFooter } from './pre-footer.tsx';
import { Preloader } from './preloader.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { FIRST_SCREEN_PARSED_ID, ShellDataContext, StoreShellContext, useShellWithPersonal, type ShellData } from './shell-data.ts';
import { useNotRestoredWithShopper } from './use-not-restored-with-shopper.ts';

/**
 * The frame of every page: skip link, preloader, header, the page, pre-footer, footer, back-to-top. The root's
 * shell data is completed here with the visitor's summary on a shared page (decision 032), and handed to every
 * screen inside through ShellDataContext; the root's own data goes through StoreShellContext, and the page, the
 * pre-footer and the footer read only that, so the summary's arrival renders again the header and the parts that
 * show the visitor's own things (hearts, the listing's mini cart, the review box), not the page (decision 035).
 */
export function SiteShell({ data: fromRoot, children }: { data: ShellData; children: ReactNode }) {
  const data = useShellWithPersonal(fromRoot);
  useNotRestoredWithShopper(data.user !== null);
  return (
    <StoreShellContext.Provider value={fromRoot}>
      <ShellDataContext.Provider value={data}>
        <div id="top" tabIndex={-1} className="page-top" />
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Preloader />
        <SiteHeader data={data} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {/* Parsed after the page's main part: the head's render-blocking link waits for it (root.tsx). */}
        <div id={FIRST_SCREEN_PARSED_ID} hidden />
        <PreFooter settings={fromRoot.settings} />
        <SiteFooter data={fromRoot} />
        <BackToTop />
      </ShellDataContext.Provider>
    </StoreShellContext.Provider>
  );
}
