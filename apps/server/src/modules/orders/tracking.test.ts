import { describe, expect, it } from 'vitest';
import { displayStatus, trackingSteps } from './service.ts';
import { documentNumberOf, financialYearOf } from './series.ts';

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

describe('displayStatus and the document series', () => {
  it('shows Picked and Out for Delivery as In transit', () => {
    expect(['Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'].map((s) => displayStatus(s as never))).toEqual([
      'Placed',
      'In transit',
      'In transit',
      'Delivered',
      'Cancelled',
    ]);
  });
  it('names the financial year in India: 1 April (IST) starts the next', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2526');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2627');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('9900');
  });
  it('numbers invoices and credit notes apart, within 16 characters for a 4-letter prefix', () => {
    expect(documentNumberOf('invoice', 'mil', '2627', 42)).toBe('MIL/2627/000042');
    expect(documentNumberOf('credit_note', 'MIL', '2627', 7)).toBe('MIL/2627/C00007');
    expect(documentNumberOf('invoice', 'MILL', '2627', 999_999)).toHaveLength(16);
    expect(documentNumberOf('credit_note', 'MILL', '2627', 99_999)).toHaveLength(16);
  });
});
