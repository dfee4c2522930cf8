import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts, matching the Content-Security-Policy header. */
    cspNonce: string;
    /** fetch() against this server's API, in process, carrying the visitor's cookies. */
    fetch: (input: string, init?: RequestInit) => Promise<Response>;
  }
}

export {};
