import { Link } from 'react-router';
import type { Route } from './+types/login';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Login') }];

/**
 * Login (spec §2). The form's behaviour (POST /api/auth/login with the guest cart, the
 * 'Login Succesful' check, the stored greeting, the redirect home) arrives with the login issue.
 */
export default function Login() {
  return (
    <>
      <PageBanner title="Login" />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">Welcome back</h2>
            <p className="auth-lead">Log in to follow your orders, keep a wish list and see your custom designs.</p>
            <form method="post" className="auth-form">
              <div className="form-field">
                <label htmlFor="login-username">E-mail Id</label>
                <input id="login-username" name="username" type="text" autoComplete="username" inputMode="email" />
              </div>
              <div className="form-field">
                <label htmlFor="login-password">Password</label>
                <input id="login-password" name="password" type="password" autoComplete="current-password" />
              </div>
              <p className="auth-aside">
                <Link to="/forgot-password">Forgot Password</Link>
              </p>
              <button type="submit" className="btn btn-primary btn-block">
                Login
              </button>
            </form>
            <p className="auth-switch">
              New to Milli? <Link to="/register">Create One</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
