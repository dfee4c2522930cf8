import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts, matching the Content-Security-Policy header. */
    cspNonce: string;
    /**
     * Whether the server-side API client checks answers against the contracts: outside production (the
     * server's NODE_ENV, read in its config), so development and tests catch a disagreement.
     */
    checkAnswers: boolean;
    /**
     * A shared page (its route's `handle.sharedPage`, decision 032): rendered without the visitor's cookies and
     * served to everyone, so the root loader leaves the personal parts (greeting, cart, hearts) to the browser.
     */
    sharedPage?: boolean;
    /** fetch() against this server's API, in process, carrying the visitor's cookies. */
    fetch: (input: string, init?: RequestInit) => Promise<Response>;
  }
}

export {};
