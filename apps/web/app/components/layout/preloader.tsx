import { useEffect, useState } from 'react';

/**
 * A brief shimmer over the page while it loads. It never hides the server-rendered page for long: CSS
 * alone fades it out within 0.6 s (no script needed), and the window's load event fades it sooner.
 * It ignores the pointer and is hidden from assistive technology throughout.
 */
export function Preloader() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return (
    <div className={`preloader${loaded ? ' is-done' : ''}`} aria-hidden="true">
      <svg className="preloader-gem" viewBox="0 0 64 64" focusable="false">
        <path d="M20 17h24l9 11-21 22-21-22Z" />
        <path d="M11 28h42M26 17l-4 11 10 22 10-22-4-11M22 28l10-11 10 11" />
      </svg>
    </div>
  );
}
