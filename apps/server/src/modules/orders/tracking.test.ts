import { describe, expect, it } from 'vitest';
import { displayStatus, invoiceNumberOf, trackingSteps } from './service.ts';

const at = (h: number) => new Date(Date.UTC(2026, 10, 1, h));

describe('trackingSteps', () => {
  it('marks the steps up to the status done, the status current, with the times of the history', () => {
    const steps = trackingSteps('Out for Delivery', [
      { status: 'Placed', at: at(1) },
      { status: 'Picked', at: at(2) },
      { status: 'Out for Delivery', at: at(3) },
    ]);
    expect(steps.map((s) => [s.label, s.done, s.current, s.at])).toEqual([
      ['Order Placed', true, false, at(1).toISOString()],
      ['Order Picked', true, false, at(2).toISOString()],
      ['Out for Delivery', true, true, at(3).toISOString()],
      ['Delivered', false, false, null],
    ]);
  });

  it('shows how far a cancelled order got, with no current step', () => {
    const steps = trackingSteps('Cancelled', [
      { status: 'Placed', at: at(1) },
      { status: 'Picked', at: at(2) },
      { status: 'Cancelled', at: at(3) },
    ]);
    expect(steps.map((s) => s.done)).toEqual([true, true, false, false]);
    expect(steps.some((s) => s.current)).toBe(false);
  });

  it('keeps the first time a status was reached', () => {
    const steps = trackingSteps('Placed', [
      { status: 'Placed', at: at(1) },
      { status: 'Placed', at: at(5) },
    ]);
    expect(steps[0]!.at).toBe(at(1).toISOString());
  });
});

describe('displayStatus and invoiceNumberOf', () => {
  it('shows Picked and Out for Delivery as In transit', () => {
    expect(['Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'].map((s) => displayStatus(s as never))).toEqual([
      'Placed',
      'In transit',
      'In transit',
      'Delivered',
      'Cancelled',
    ]);
  });
  it('uses the order number as the invoice number, with the store prefix when it lacks one', () => {
    expect(invoiceNumberOf('MIL-2026-000123', 'MIL')).toBe('MIL-2026-000123');
    expect(invoiceNumberOf('2026-000123', 'MIL')).toBe('MIL-2026-000123');
  });
});
