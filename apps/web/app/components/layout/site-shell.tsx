import type { ReactNode } from 'react';
import '../../styles/layout.css';
import { BackToTop } from './back-to-top.tsx';
import { PreFooter } from './pre-footer.tsx';
import { Preloader } from './preloader.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import type { ShellData } from './shell-data.ts';

/** The frame of every page: skip link, preloader, header, the page, pre-footer, footer, back-to-top. */
export function SiteShell({ data, children }: { data: ShellData; children: ReactNode }) {
  return (
    <>
      <div id="top" tabIndex={-1} className="page-top" />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Preloader />
      <SiteHeader data={data} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <PreFooter settings={data.settings} />
      <SiteFooter data={data} />
      <BackToTop />
    </>
  );
}
