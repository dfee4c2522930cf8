import { redirect } from 'react-router';
import type { Route } from './+types/account-privacy-download';
import { serverApi } from '../lib/api.server.ts';
import { loginRedirect } from '../lib/safe-redirect.ts';

/**
 * /account/privacy/download (issue 38): My privacy's "Download my data" link, without script too. The file is the API's
 * own (GET /api/account/privacy/export, a JSON attachment), passed on as it came; a refusal (five downloads a day, or
 * a failure) goes back to the page with its reason instead of downloading an error as a file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await serverApi(context)
    .raw('/api/account/privacy/export', { headers: { accept: 'application/json' } })
    .catch(() => null);
  if (res?.status === 401) throw loginRedirect(new URL('/account/privacy', request.url));
  if (!res?.ok) throw redirect(`/account/privacy?download=${res?.status === 429 ? 'limited' : 'failed'}#download`);
  return new Response(res.body, {
    headers: {
      'Content-Type': res.headers.get('content-type') ?? 'application/json',
      'Content-Disposition': res.headers.get('content-disposition') ?? 'attachment; filename="milli-data.json"',
      'Cache-Control': 'private, no-store',
    },
  });
}
