import type { Route } from './+types/about';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { AboutStory } from '../features/about/about-story.tsx';
import { PromiseStrip } from '../features/about/promise-strip.tsx';
import { AboutSlider } from '../features/about/about-slider.tsx';
import '../styles/screens/about.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('About Us') },
  {
    name: 'description',
    content: 'Milli is a Chennai jewellery house: hand-finished gold, diamond, platinum and silver, fairly priced and fully transparent.',
  },
];

export default function About() {
  return (
    <>
      <PageBanner title="About Us" />
      <AboutStory />
      <PromiseStrip />
      <AboutSlider />
    </>
  );
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
