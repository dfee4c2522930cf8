/**
 * The back office's layout route (/admin and every screen under it but the sign-in page): loads the signed-in
 * member (or redirects to /admin/login?next=…), renders the admin shell, and answers Sign out. The admin CSS
 * is imported here and only in admin route modules, so no storefront page ever loads it (e2e/admin-shell.spec.ts).
 */
import { Outlet, data, isRouteErrorResponse, redirect, useRouteError, useRouteLoaderData } from 'react-router';
import type { StaffMe } from '@milli/contracts';
import type { DeskCounts } from '@milli/contracts/schemas';
import type { Route } from './+types/layout';
import { AdminShell, PageHeader } from '../../components/admin/admin-shell.tsx';
import { adminApi, requireStaff } from '../../lib/admin.server.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { ADMIN_LAYOUT_ID } from '../../lib/admin-me.ts';
import { STORE_NAME } from '../../lib/meta.ts';
import '../../styles/admin.css';

export interface AdminLayoutData {
  me: StaffMe;
  storeName: string;
  /** What waits at each desk the member may see, beside its link (issue 39); empty if the count could not be read. */
  deskCounts: DeskCounts;
}

/** Every back-office answer is the member's own and never indexed (the server sets the same on every /admin answer). */
export const ADMIN_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const;

export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Back office · ${loaded?.storeName ?? STORE_NAME}` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminLayoutData> {
  const api = adminApi(context, request);
  const [me, storeName, deskCounts] = await Promise.all([
    requireStaff(context, request),
    api.client
      .get('/api/settings')
      .then((s) => (typeof s?.storeName === 'string' && s.storeName !== '' ? s.storeName : STORE_NAME))
      .catch(() => STORE_NAME),
    // One cheap statement; a page still shows when it fails (the counts are a convenience, the desks are the truth).
    api.get('/api/admin/desk-counts').catch((): DeskCounts => ({})),
  ]);
  return { me, storeName, deskCounts };
}

/** Sign out: POST /api/admin/auth/logout, pass its cookie change on, and go to the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'logout') throw data({ message: 'Unknown request.' }, { status: 400 });
  const headers = new Headers(ADMIN_HEADERS);
  try {
    const res = await adminApi(context, request).client.raw('/api/admin/auth/logout', { method: 'POST' });
    for (const cookie of res.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  } catch {
    // Signed out or not, the member leaves; the session ends by itself when idle.
  }
  return redirect(ADMIN_PATHS.login, { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell me={loaderData.me} storeName={loaderData.storeName} deskCounts={loaderData.deskCounts}>
      <Outlet />
    </AdminShell>
  );
}

/** What a refusal or failure of a screen shows, inside the shell when the member is known. */
export function ErrorBoundary() {
  const error = useRouteError();
  const loaded = useRouteLoaderData<AdminLayoutData>(ADMIN_LAYOUT_ID);
  let title = 'Something went wrong';
  let message = 'The back office could not show this page. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    const said =
      error.data && typeof error.data === 'object' && typeof (error.data as { message?: unknown }).message === 'string'
        ? (error.data as { message: string }).message
        : null;
    if (error.status === 404) {
      title = 'Not found';
      message = said ?? 'There is nothing at this address in the back office.';
    } else if (error.status === 403) {
      title = 'No access';
      message = said ?? 'You do not have access to this part of the back office.';
    } else if (error.status < 500 && said) {
      message = said;
    }
  } else if (import.meta.env.DEV) {
    console.error(error);
  }
  const content = (
    <>
      <PageHeader title={title} />
      <div className="adm-banner adm-banner--error" role="alert">
        <p>{message}</p>
      </div>
      <p>
        <a href={ADMIN_PATHS.dashboard}>Back to the dashboard</a>
      </p>
    </>
  );
  if (!loaded)
    return (
      <div className="adm-shell adm-shell--bare">
        <main id="adm-main" className="adm-main">
          {content}
        </main>
      </div>
    );
  return (
    <AdminShell me={loaded.me} storeName={loaded.storeName} deskCounts={loaded.deskCounts}>
      {content}
    </AdminShell>
  );
}
