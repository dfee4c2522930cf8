import { describe, expect, it } from 'vitest';
import { IMAGE_JOBS, imageJob, imageJobs, loadSharp } from './lazy-sharp.ts';

describe('image processing is bounded', () => {
  it('keeps no libvips cache and one thread per picture', async () => {
    const sharp = await loadSharp();
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });

  it(`runs at most ${IMAGE_JOBS} pictures at once; the rest wait their turn and all finish`, async () => {
    let now = 0;
    let most = 0;
    const finish: (() => void)[] = [];
    const jobs = Array.from({ length: 7 }, (_, i) =>
      imageJob(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => finish.push(resolve));
        now -= 1;
        return i;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(imageJobs()).toEqual({ running: IMAGE_JOBS, waiting: 7 - IMAGE_JOBS });
    while (finish.length > 0 || imageJobs().running > 0) {
      finish.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(IMAGE_JOBS);
    expect(imageJobs()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    await expect(imageJob(async () => Promise.reject(new Error('bad picture')))).rejects.toThrow('bad picture');
    expect(imageJobs()).toEqual({ running: 0, waiting: 0 });
  });
});
