import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first picture that needs it (a link-preview PNG, a customer's upload): its native
 * library holds about 30 MB that a server busy showing pages never needs.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then((module) => module.default));
}
