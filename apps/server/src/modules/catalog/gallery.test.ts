import { describe, expect, it } from 'vitest';
import { pictureInColour } from '@milli/contracts';
import { galleryOf } from './gallery.ts';

const ring = '/media/art/ring/yellow-gold/3.svg';

describe('the gallery of a product', () => {
  it('leads with the main picture, drops repeats, and says what each picture shows', () => {
    const g = galleryOf({
      name: 'Tara Ring',
      image: ring,
      views: [
        ['/media/art/ring/yellow-gold/3-side.svg', 'side', '', 600, 600],
        [ring, 'front', '', 600, 600],
        ['/media/catalogue/products/1/0123456789abcdef-640.webp', null, 'Held in a palm', 640, 480],
        ['/media/art/ring/yellow-gold/3-side.svg', 'side', '', 600, 600],
        ['/media/catalogue/products/1/fedcba9876543210-640.webp', 'sideways', '', 640, 640],
      ],
      spinFrames: 0,
      spin: null,
      video: null,
    });
    expect(g.product_images).toEqual([
      ring,
      '/media/art/ring/yellow-gold/3-side.svg',
      '/media/catalogue/products/1/0123456789abcdef-640.webp',
      '/media/catalogue/products/1/fedcba9876543210-640.webp',
    ]);
    expect(g.product_views.map((v) => v.alt)).toEqual(['Tara Ring, front view', 'Tara Ring, side view', 'Held in a palm', 'Tara Ring, picture 4']);
    expect(g.product_views[3]!.view).toBeNull();
    expect(g.product_spin).toEqual([]);
  });

  it('shows the main picture alone when the piece has no other', () => {
    const g = galleryOf({
      name: 'Plain Band',
      image: '/media/catalogue/products/2/0123456789abcdef-640.webp',
      views: [],
      spinFrames: 24,
      spin: null,
      video: null,
    });
    expect(g.product_views).toEqual([
      { src: '/media/catalogue/products/2/0123456789abcdef-640.webp', view: 'front', alt: 'Plain Band, front view', width: null, height: null },
    ]);
    // A photograph has no drawn turn.
    expect(g.product_spin).toEqual([]);
  });

  it('turns a drawn piece with frames, and gives its film the first view as poster unless one was uploaded', () => {
    const g = galleryOf({
      name: 'Tara Ring',
      image: ring,
      views: [],
      spinFrames: 24,
      spin: null,
      video: ['/media/catalogue/products/1/0123456789abcdef.mp4', 'video/mp4', null],
    });
    expect(g.product_spin).toHaveLength(24);
    expect(g.product_video).toEqual({ src: '/media/catalogue/products/1/0123456789abcdef.mp4', type: 'video/mp4', poster: ring });
    const posted = galleryOf({ name: 'x', image: ring, views: [], spinFrames: 0, spin: null, video: ['/v.webm', 'video/webm', '/p-640.webp'] });
    expect(posted.product_video).toEqual({ src: '/v.webm', type: 'video/webm', poster: '/p-640.webp' });
  });

  it("turns a piece in staff's photographed frames, in their order, rather than its drawings", () => {
    const frames = Array.from({ length: 12 }, (_, i) => `/media/catalogue/products/1/${String(i).padStart(16, 'a')}-640.webp`);
    const g = galleryOf({ name: 'Tara Ring', image: ring, views: [], spinFrames: 24, spin: frames, video: null });
    expect(g.product_spin).toEqual(frames);
  });

  it('redraws every view and frame of a gold drawing in the colour chosen, and leaves photographs alone', () => {
    expect(pictureInColour('/media/art/ring/yellow-gold/3-worn.svg', 'Rose Gold')).toBe('/media/art/ring/rose-gold/3-worn.svg');
    expect(pictureInColour('/media/art/ring/yellow-gold/3-spin-07.svg', 'White Gold')).toBe('/media/art/ring/white-gold/3-spin-07.svg');
    expect(pictureInColour('/media/art/ring/yellow-gold/3.svg', 'Rose Gold')).toBe('/media/art/ring/rose-gold/3.svg');
    expect(pictureInColour('/media/art/ring/silver/3-side.svg', 'Rose Gold')).toBe('/media/art/ring/silver/3-side.svg');
    expect(pictureInColour('/media/catalogue/products/1/0123456789abcdef-640.webp', 'Rose Gold')).toBe('/media/catalogue/products/1/0123456789abcdef-640.webp');
  });
});
