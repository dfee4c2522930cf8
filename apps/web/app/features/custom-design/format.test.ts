import { describe, expect, it } from 'vitest';
import { trackerSteps } from './format.ts';

const current = (status: string) => trackerSteps(status).find((s) => s.state === 'current')?.step;

describe('the custom order tracker (issue 39)', () => {
  it('follows the design, then the balance order to Delivered', () => {
    expect(current('Requested')).toBe('Requested');
    expect(current('Rejected')).toBe('Design Shared');
    expect(current('Approved')).toBe('Approved');
    expect(current('Making')).toBe('Making');
    expect(current('Picked')).toBe('In transit');
    expect(current('Out for Delivery')).toBe('In transit');
    expect(current('Delivered')).toBe('Delivered');
  });

  it('marks every earlier step done once delivered, and none after the current one', () => {
    expect(trackerSteps('Delivered').map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'current']);
    expect(trackerSteps('Making').map((s) => s.state)).toEqual(['done', 'done', 'done', 'current', 'todo', 'todo']);
  });
});
