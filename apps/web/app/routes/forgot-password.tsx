import { Link } from 'react-router';
import type { Route } from './+types/forgot-password';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Forgot Password') }];

/** Forgot password (spec §2; DECISIONS §2: e-mails a one-time code, then /otp). Sending is a later issue. */
export default function ForgotPassword() {
  return (
    <>
      <PageBanner title="Forgot Password" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">Reset your password</h2>
            <p className="auth-lead">Tell us the e-mail address of your account and we will send you a one-time password.</p>
            <form method="post" className="auth-form">
              <div className="form-field">
                <label htmlFor="forgot-email">E-mail</label>
                <input id="forgot-email" name="email" type="email" autoComplete="email" />
              </div>
              <button type="submit" className="btn btn-primary btn-block">
                Send One Time Password
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
