/**
 * Hydration after the first paint (decision 019). React Router's <Scripts> puts a modulepreload link for
 * every script of the page into the head, ahead of the stylesheets: on a slow phone connection the browser
 * then spends its first second downloading about 125 KB of JavaScript alongside the CSS and the first
 * picture, and paints nothing meanwhile, although the server's HTML is already the whole page (every link
 * and form works before hydration).
 *
 * This rewrites the server's HTML so the scripts start after the first paint: the modulepreload links leave
 * the head, React Router's module script becomes an inert template, and a small script (with the same nonce)
 * adds the preloads and the module script back once the page has painted. Without JavaScript nothing changes;
 * with it, the page hydrates a moment later. Any chunk where either part is not found whole is left as it is.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const ROUTER_MODULE_SCRIPT = /<script((?:\s+nonce="[^"]*")?)\s+type="module"(?:\s+async="")?>([\s\S]*?)<\/script>/;
export const HYDRATION_TEMPLATE_ID = 'milli-hydration';

/**
 * What runs after the first frame: the preloads first (all fetched at once, inserted as one fragment), then, in a
 * task of its own, the module script, so that neither insertion makes a long task of the other's work.
 */
function loader(hrefs: string[]): string {
  return (
    `(function(){var t=document.getElementById(${JSON.stringify(HYDRATION_TEMPLATE_ID)});if(!t)return;` +
    `var h=${JSON.stringify(hrefs).replace(/</g, '\\u003c')};` +
    'function run(){var s=document.createElement("script");s.type="module";s.nonce=t.nonce;s.textContent=t.textContent;document.body.appendChild(s);}' +
    'function go(){var f=document.createDocumentFragment();h.forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;f.appendChild(l);});document.head.appendChild(f);setTimeout(run,0);}' +
    'requestAnimationFrame(function(){setTimeout(go,0);});})();'
  );
}

export function deferHydration(html: string): string {
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (!script || !script[2]!.includes('__reactRouterRouteModules')) return html;
  const hrefs = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  if (hrefs.length === 0) return html;
  const nonceAttribute = script[1] ?? '';
  const replacement =
    `<script${nonceAttribute} type="text/milli-hydration" id="${HYDRATION_TEMPLATE_ID}">${script[2]}</script>` +
    `<script${nonceAttribute}>${loader(hrefs)}</script>`;
  return html.slice(0, script.index).replace(MODULE_PRELOAD, '') + replacement + html.slice(script.index + script[0].length);
}
