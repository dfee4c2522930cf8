import { describe, expect, it } from 'vitest';
import { HYDRATION_TEMPLATE_ID, deferHydration } from './defer-hydration.ts';

const NONCE = 'n0nce+/=';
const page = (body = '<main>Ratnā ₹ 4,500</main>') =>
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>' +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="${NONCE}"/>` +
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-C.css"/></head><body>${body}` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-D.js";\nimport * as route0 from "/assets/root-B.js";\n` +
  'window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script></body></html>';

describe('hydration after the first paint', () => {
  it('takes the preloads out of the head and turns the router script into a template its loader starts', () => {
    const out = deferHydration(page());
    expect(out).not.toMatch(/<link rel="modulepreload"/);
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain(`<link nonce="${NONCE}" rel="stylesheet" href="/assets/root-C.css"/>`);
    expect(out).toContain('<main>Ratnā ₹ 4,500</main>');
    const template = new RegExp(
      `<script nonce="${NONCE.replace(/[+/=]/g, '\\$&')}" type="text/milli-hydration" id="${HYDRATION_TEMPLATE_ID}">([\\s\\S]*?)</script>`,
    ).exec(out);
    expect(template?.[1]).toContain('window.__reactRouterRouteModules = {"root":route0};');
    expect(template?.[1]).toContain('import("/assets/entry.client-A.js");');
    const loader = /<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/.exec(out)?.[1];
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(loader).toContain('requestAnimationFrame');
    // The context script stays where it was, before the template.
    expect(out.indexOf('window.__reactRouterContext')).toBeLessThan(out.indexOf(HYDRATION_TEMPLATE_ID));
  });

  it('leaves a page alone when its router script or its preloads are not in the same piece', () => {
    const html = page();
    const head = html.slice(0, html.indexOf('<body>'));
    const rest = html.slice(html.indexOf('<body>'));
    expect(deferHydration(head)).toBe(head);
    expect(deferHydration(rest)).toBe(rest);
  });

  it('leaves other module scripts alone', () => {
    const html = `<link rel="modulepreload" href="/assets/x.js"/><script type="module">import "/assets/x.js";</script>`;
    expect(deferHydration(html)).toBe(html);
  });

  it('keeps a loader that cannot be broken out of by a script path', () => {
    const html = page().replace('/assets/root-B.js"', '/assets/</script><b>x.js"');
    expect(deferHydration(html)).not.toContain('"/assets/</script>');
  });
});
