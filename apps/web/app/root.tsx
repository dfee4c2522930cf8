import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { MESSAGES, type Category, type OtherStone, type StoreSettings, type Tag } from '@milli/contracts';
import type { Route } from './+types/root';
import { isOfflineResult } from './lib/offline.ts';
import type { ApiClient } from './lib/api.ts';
import { serverApi } from './lib/api.server.ts';
import { EMPTY_MINI_CART } from './lib/cart-cookie.ts';
import { HOME_TITLE, STORE_DESCRIPTION, pageTitle } from './lib/meta.ts';
import { fetchPersonal, type Personal } from './lib/personal.ts';
import { loadPersonal } from './lib/personal.server.ts';
import { FALLBACK_SHELL_DATA, FIRST_SCREEN_PARSED_ID, withPersonal, type ShellData } from './components/layout/shell-data.ts';
import { SiteShell } from './components/layout/site-shell.tsx';
import { ErrorScreen, NotFoundScreen } from './components/layout/status-screens.tsx';
import type { LogoutResult } from './components/layout/logout-button.tsx';
import './styles/tokens.css';
import './styles/global.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/favicon.svg' },
];

export const meta: Route.MetaFunction = ({ error }) => {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: error ? pageTitle(missing ? 'Page not found' : 'Something went wrong') : HOME_TITLE },
    { name: 'description', content: STORE_DESCRIPTION },
    { name: 'theme-color', content: '#7b2d26' },
  ];
};

/** Settles to `fallback` on any failure or unexpected shape: the shell renders whatever the API does. */
async function safely<T>(load: () => Promise<unknown>, accept: (value: unknown) => value is T, fallback: T): Promise<T> {
  try {
    const value = await load();
    return accept(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

const isList = (value: unknown): value is unknown[] => Array.isArray(value);
const isSettings = (value: unknown): value is StoreSettings => !!value && typeof value === 'object' && typeof (value as StoreSettings).storeName === 'string';

/** The store's settings, or null when the API cannot give them (the shell then leaves out what shows them). */
function loadSettings(api: ApiClient): Promise<StoreSettings | null> {
  return safely(() => api.get('/api/settings'), isSettings, null);
}

async function loadCategories(api: ApiClient): Promise<string[]> {
  const rows = await safely(() => api.get('/api/category'), isList, []);
  const names = rows
    .map((r) => (r as Partial<Category>)?.pr_cat_name)
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '')
    // The database may say 'Fingerring'; the screen always says 'Rings' (spec §9).
    .map((n) => (n === 'Fingerring' ? 'Rings' : n));
  return names.length > 0 ? [...new Set(names)] : FALLBACK_SHELL_DATA.categories;
}

async function loadTags(api: ApiClient): Promise<Record<string, string[]>> {
  const rows = await safely(() => api.get('/api/admin/tags'), isList, []);
  const byCategory: Record<string, string[]> = {};
  for (const row of rows as Partial<Tag>[]) {
    if (typeof row?.tg_cat !== 'string' || typeof row.tg_tag_name !== 'string') continue;
    const list = (byCategory[row.tg_cat] ??= []);
    if (!list.includes(row.tg_tag_name)) list.push(row.tg_tag_name);
  }
  return byCategory;
}

async function loadOtherStones(api: ApiClient): Promise<string[]> {
  const rows = await safely(() => api.get('/api/admin/other-stones'), isList, []);
  return [...new Set((rows as Partial<OtherStone>[]).map((r) => r?.ots_name).filter((n): n is string => typeof n === 'string' && n !== ''))];
}

/**
 * The back office (/admin…) is the same app with another document: none of the storefront's shell data is
 * loaded for it and the SiteShell is not rendered (routes/admin/layout.tsx renders the admin shell). Kept here
 * as a one-line test rather than an import, so the root's bundle holds no admin module at all.
 */
export function isAdminPathname(pathname: string): boolean {
  // As React Router matches routes: in any case, percent-escapes decoded ('/ADMIN/staff' is the staff screen).
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Left as it came.
  }
  path = path.toLowerCase();
  return path === '/admin' || path.startsWith('/admin/');
}

/** What the root loads for a back-office page: only the nonce. */
export interface AdminRootData {
  admin: true;
  cspNonce: string;
}

const isAdminRoot = (data: unknown): data is AdminRootData => !!data && typeof data === 'object' && (data as AdminRootData).admin === true;

/** A shared page's shell before the browser knows who is visiting (decision 032). */
const UNKNOWN_PERSONAL: Personal = { user: null, cart: EMPTY_MINI_CART, wishlistIds: [] };

/**
 * Everything the shell shows, fetched in parallel; no call's failure fails the page. A shared page (decision
 * 032) is rendered without the visitor's cookies and leaves the personal parts to the browser; a page that is
 * personal by nature (cart, account, orders…) has them from the server, as its own content does.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<ShellData | AdminRootData> {
  if (isAdminPathname(new URL(request.url).pathname)) return { admin: true, cspNonce: context.cspNonce ?? '' };
  const api = serverApi(context);
  const [settings, categories, tagsByCategory, otherStones, personal] = await Promise.all([
    loadSettings(api),
    loadCategories(api),
    loadTags(api),
    loadOtherStones(api),
    context.sharedPage ? UNKNOWN_PERSONAL : loadPersonal(api),
  ]);
  const shell = { cspNonce: context.cspNonce ?? '', settings, categories, tagsByCategory, otherStones, year: new Date().getFullYear() };
  return withPersonal(shell, personal, !context.sharedPage);
}

/**
 * In the browser, each time the root revalidates (after every form, a login or a logout): a shared page's shell
 * is completed with the visitor's summary (GET /api/me/summary), so the header's greeting, counts and hearts
 * follow what the visitor does. Not on hydration: SiteShell asks for the first summary itself (shell-data.ts,
 * useShellWithPersonal). A revalidation called off (the shopper went elsewhere) ends quietly with what it has.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs): Promise<ShellData | AdminRootData> {
  const shell = await serverLoader();
  if (isAdminRoot(shell) || shell.personalKnown || request.signal.aborted) return shell;
  const personal = await fetchPersonal(request.signal);
  return personal ? withPersonal(shell, personal, true) : shell;
}

/** After a form whose server could not be reached (lib/offline.ts), the shell keeps what it has. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  // Crossing between the storefront and the back office changes what the root loads (see isAdminPathname).
  if (isAdminPathname(currentUrl.pathname) !== isAdminPathname(nextUrl.pathname)) return true;
  return isOfflineResult(actionResult) ? false : defaultShouldRevalidate;
}

/** The root action: Logout (any page's Logout button posts here). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') {
    return data<LogoutResult>({ ok: false, message: 'Unknown request.' }, { status: 400 });
  }
  try {
    const res = await serverApi(context).raw('/api/auth/logout', { method: 'POST' });
    if (!res.ok) {
      const body: unknown = (res.headers.get('content-type') ?? '').includes('application/json') ? await res.json().catch(() => null) : null;
      const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : MESSAGES.logoutFailed;
      return data<LogoutResult>({ ok: false, message }, { status: res.status >= 500 ? 502 : res.status });
    }
    const headers = new Headers();
    for (const cookie of res.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    return redirect('/', { headers });
  } catch {
    return data<LogoutResult>({ ok: false, message: MESSAGES.logoutFallback }, { status: 502 });
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<ShellData | AdminRootData>('root');
  const nonce = shell?.cspNonce || undefined;
  // Back-office pages are never indexed, whatever a screen's own meta says (the server adds X-Robots-Tag too).
  const admin = isAdminPathname(useLocation().pathname);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {admin && <meta name="robots" content="noindex, nofollow" />}
        <Meta />
        <Links />
        {/*
          A storefront page is first painted once its header and main part are parsed (the marker SiteShell puts
          after <main>): a browser that painted part of a long page (a slow phone parses in slices) would then move
          what it had shown as the rest arrived: the centred navigation, the listing beside its filters, the text
          centred beside a form. Browsers without render-blocking `expect` links paint as before.
        */}
        {!admin && <link rel="expect" href={`#${FIRST_SCREEN_PARSED_ID}`} blocking="render" />}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const admin = isAdminPathname(useLocation().pathname);
  if (admin || isAdminRoot(loaderData)) return <Outlet />;
  return (
    <SiteShell data={loaderData}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const loaded = useRouteLoaderData<ShellData | AdminRootData>('root');
  const admin = isAdminPathname(useLocation().pathname);
  const shell = loaded && !isAdminRoot(loaded) ? loaded : FALLBACK_SHELL_DATA;
  let content: React.ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    content = <NotFoundScreen />;
  } else if (isRouteErrorResponse(error)) {
    content = <ErrorScreen status={error.status} />;
  } else {
    if (import.meta.env.DEV) console.error(error);
    content = <ErrorScreen status={500} />;
  }
  // The back office's own errors are shown by its layout; one that reaches here (the layout itself failed to
  // load) is shown bare, never inside the storefront's shell.
  if (admin) return <main>{content}</main>;
  return <SiteShell data={shell}>{content}</SiteShell>;
}
