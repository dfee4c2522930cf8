/**
 * A page's loads that the router itself called off, kept out of the console (the browser's "Uncaught (in promise)").
 *
 * When a navigation or a revalidation is still reading its data (a `.data` answer) and the shopper or a member starts
 * another (a link, a form), React Router aborts the first. If the answer's first line had already been read, its
 * stream decoder (the turbo-stream React Router 7 bundles) rejects two promises no one holds: the stream's `done` and
 * the promise it returns from it. Both reject with the abort itself, a DOMException named AbortError, and surface as
 * unhandled rejections although nothing went wrong: the newer navigation goes on. React Router 8's decoder catches
 * them; until the store moves to it, this listener does.
 *
 * Only a DOMException named AbortError is quietened: that is what an abort rejects with, and an abort is always a
 * decision taken in the page, never a failure. Every other rejection still reaches the console.
 */
export function isAbortRejection(reason: unknown): boolean {
  return typeof DOMException !== 'undefined' && reason instanceof DOMException && reason.name === 'AbortError';
}

/** Listens for unhandled rejections on `target` (the window) and keeps called-off loads out of the console. */
export function quietAbortedLoads(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isAbortRejection(event.reason)) event.preventDefault();
  });
}
