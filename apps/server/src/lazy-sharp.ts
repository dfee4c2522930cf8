import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * At most this many pictures are decoded at once in the process; the others wait their turn. A 40-megapixel
 * upload takes some 160 MB to decode, and memory that glibc hands to libvips in a burst is mostly never
 * given back, so the peak of a burst stays the process's size for good (decision 022).
 */
export const IMAGE_JOBS = 2;

/**
 * sharp, loaded with the first picture that needs it (a link-preview PNG, a customer's upload): its native
 * library holds about 30 MB that a server busy showing pages never needs. libvips' operation cache is off
 * (it keeps decoded pictures for reuse; a customer's upload is never processed twice) and each picture
 * gets one libvips thread, so the memory of a picture ends with its job.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then((module) => {
    const sharp = module.default;
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `job` (which uses sharp) when one of the IMAGE_JOBS slots is free, first come first served. */
export async function imageJob<T>(job: (sharp: typeof Sharp) => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
  if (running >= IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await job(sharp);
  } finally {
    // The slot passes straight to the next waiter, so the count never drops and rises again in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Jobs running and waiting now (for tests). */
export function imageJobs(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
