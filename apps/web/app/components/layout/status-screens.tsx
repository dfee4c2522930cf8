import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@milli/contracts';

/**
 * The 404 screen (spec: 404, "Ooops! That page doesn't exist!", Back to Home). Used by the root error
 * boundary and by the /error and catch-all routes, so every unknown path looks the same.
 */
export function NotFoundScreen() {
  return (
    <section className="status-screen" aria-labelledby="status-title">
      <div className="container status-inner">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1 id="status-title" className="status-title">
          <span className="visually-hidden">404: </span>
          {MESSAGES.notFound}
        </h1>
        <p className="status-text">The page may have moved, or the address has a typo. Our collections are still right here.</p>
        <Link to="/" className="btn btn-primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

/** Any other failure: an apology and a way forward, never a stack trace. */
export function ErrorScreen({ status, detail }: { status?: number; detail?: string }) {
  const location = useLocation();
  return (
    <section className="status-screen" aria-labelledby="status-title">
      <div className="container status-inner">
        <p className="status-code status-code--small" aria-hidden="true">
          {status && status >= 400 ? status : 'Oops'}
        </p>
        <h1 id="status-title" className="status-title">
          Something went wrong on our side
        </h1>
        <p className="status-text">{detail ?? 'We could not show this page just now. Please try again in a moment; your cart is safe.'}</p>
        <div className="status-actions">
          <Link to="/" className="btn btn-primary">
            Back to Home
          </Link>
          <a href={location.pathname + location.search} className="btn btn-outline">
            Try again
          </a>
        </div>
      </div>
    </section>
  );
}
