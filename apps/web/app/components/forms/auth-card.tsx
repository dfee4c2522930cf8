import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageBanner } from '../layout/page-banner.tsx';

/**
 * The account screens' layout (login, sign-up, the forgotten-password steps, undoing an e-mail change): the
 * page banner, then one card with its heading, an optional lead line, the screen's own content and a
 * closing line of links (by default the way back to log-in).
 */
export function AuthCard({
  banner,
  crumb,
  title,
  lead,
  footer = <Link to="/login">Back to Log-in</Link>,
  children,
}: {
  /** The page banner's heading (the page's h1). */
  banner: string;
  /** The breadcrumb's last step, where it is not the banner's heading. */
  crumb?: string;
  title: ReactNode;
  lead?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageBanner title={banner} {...(crumb ? { crumb } : {})} />
      <div className="section auth">
        <div className="container">
          <div className="card card-pad auth-card">
            <h2 className="auth-title">{title}</h2>
            {lead && <p className="auth-lead">{lead}</p>}
            {children}
            <p className="auth-switch">{footer}</p>
          </div>
        </div>
      </div>
    </>
  );
}

/** An account form's one button: it says what is happening while the form is on its way. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
