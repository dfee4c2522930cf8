import { Link } from 'react-router';
import type { Route } from './+types/register';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Sign Up') }];

/** Sign up (spec §2). Sending it (POST /api/auth/register, per-field errors, the success banner) is a later issue. */
export default function Register() {
  return (
    <>
      <PageBanner title="Sign Up" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">Join the Milli family</h2>
            <p className="auth-lead">An account keeps your orders, wish list and custom designs in one place.</p>
            <form method="post" className="auth-form">
              <div className="form-field">
                <label htmlFor="register-username">Username</label>
                <input id="register-username" name="username" type="text" autoComplete="username" />
              </div>
              <div className="form-field">
                <label htmlFor="register-email">E-mail</label>
                <input id="register-email" name="email" type="email" autoComplete="email" />
              </div>
              <div className="form-field">
                <label htmlFor="register-password">Password</label>
                <input id="register-password" name="password" type="password" autoComplete="new-password" />
              </div>
              <p className="auth-aside">
                <Link to="/forgot-password">Forgot Password?</Link>
              </p>
              <button type="submit" className="btn btn-primary btn-block">
                Signup
              </button>
            </form>
            <p className="auth-switch">
              Already have an account? <Link to="/login">Login</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
