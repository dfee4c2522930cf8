import { describe, expect, it } from 'vitest';
import { framesInOrder } from './spin-manager.tsx';

describe('the frames of a turn', () => {
  it('go in the order of their names, numbers by their value, whatever order they were chosen in', () => {
    const chosen = ['frame-10.jpg', 'Frame-2.jpg', 'frame-1.jpg', 'frame-9.jpg', 'frame-11.jpg'].map((name) => ({ name }));
    expect(framesInOrder(chosen).map((f) => f.name)).toEqual(['frame-1.jpg', 'Frame-2.jpg', 'frame-9.jpg', 'frame-10.jpg', 'frame-11.jpg']);
    expect(framesInOrder([{ name: 'IMG_0100.JPG' }, { name: 'IMG_0099.JPG' }]).map((f) => f.name)).toEqual(['IMG_0099.JPG', 'IMG_0100.JPG']);
  });
});
