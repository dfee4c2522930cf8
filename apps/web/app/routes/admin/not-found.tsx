/**
 * Any /admin address no screen answers: the back office's own "Not found", inside its shell and behind its
 * sign-in (the storefront's 404 page would be rendered without either). Loaders run side by side, so this one
 * asks for the member itself: a visitor without a session is sent to sign in, not told what does not exist.
 */
import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { requireStaff } from '../../lib/admin.server.ts';

export async function loader({ request, context }: Route.LoaderArgs): Promise<never> {
  await requireStaff(context, request);
  throw data({ message: 'There is nothing at this address in the back office.' }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
