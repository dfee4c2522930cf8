import { Link } from 'react-router';
import { PHONE_SCREEN_TEXT } from './phone-results.ts';

/** Beside the e-mail forms of /login and /register (issue 41): the way in with a mobile number and a code. */
export function MobileSignInLink({ next }: { next: string | null }) {
  return (
    <div className="auth-alt">
      <p className="auth-or">
        <span>or</span>
      </p>
      <Link className="btn btn-outline btn-block" to={next ? `/login/mobile?next=${encodeURIComponent(next)}` : '/login/mobile'}>
        {PHONE_SCREEN_TEXT.continueWithMobile}
      </Link>
    </div>
  );
}
