/**
 * A custom design request's printed number (CUS-000042), as the design desk's screens and mails show it and as the
 * orders desk names the request a made piece came from. Here, not in modules/custom-design, because custom design
 * asks the orders module for its balance order: the orders desk importing it back would close a cycle.
 */
export const requestNumber = (id: number) => `CUS-${String(id).padStart(6, '0')}`;
