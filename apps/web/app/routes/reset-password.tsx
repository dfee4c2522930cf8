import { Link } from 'react-router';
import type { Route } from './+types/reset-password';
import { MESSAGES } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Reset Password') }];

/** Reset password (spec §2). Setting the new password (then /login) is a later issue. */
export default function ResetPassword() {
  return (
    <>
      <PageBanner title="Reset Password" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">{MESSAGES.resetPrompt}</h2>
            <p className="auth-lead">Choose a password you have not used here before.</p>
            <form method="post" className="auth-form">
              <div className="form-field">
                <label htmlFor="reset-new">New password</label>
                <input id="reset-new" name="newPassword" type="password" autoComplete="new-password" />
              </div>
              <div className="form-field">
                <label htmlFor="reset-confirm">Confirm password</label>
                <input id="reset-confirm" name="confirmPassword" type="password" autoComplete="new-password" />
              </div>
              <button type="submit" className="btn btn-primary btn-block">
                Reset Password
              </button>
            </form>
            <p className="auth-switch">
              <Link to="/login">Back to Log-in</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
