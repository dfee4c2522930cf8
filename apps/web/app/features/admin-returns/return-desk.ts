import type { AdminReturnDetail, ReturnStatus } from '@milli/contracts/schemas';

/** The returns desk's queues, in the order a return goes through them; '' is All. */
export const RETURN_QUEUES: readonly { status: ReturnStatus | ''; label: string }[] = [
  { status: '', label: 'All' },
  { status: 'Requested', label: 'Requested' },
  { status: 'Approved', label: 'Approved' },
  { status: 'Pickup scheduled', label: 'Pickup scheduled' },
  { status: 'Received', label: 'Received' },
  { status: 'Checked', label: 'Checked (to refund)' },
  { status: 'Refunded', label: 'Refunded' },
  { status: 'Refused', label: 'Refused' },
];

export const RETURN_TONE: Record<ReturnStatus, 'neutral' | 'success' | 'warning' | 'danger' | 'info'> = {
  Requested: 'warning',
  Approved: 'info',
  'Pickup scheduled': 'info',
  Received: 'info',
  Checked: 'warning',
  Refunded: 'success',
  Refused: 'danger',
};

export type ReturnStep = AdminReturnDetail['nextSteps'][number];
export const RETURN_STEPS: readonly ReturnStep[] = ['approve', 'schedule-pickup', 'receive', 'check', 'refund', 'refuse'];

export const STEP_SAVED: Record<ReturnStep, string> = {
  approve: 'Approved. The customer has been mailed.',
  'schedule-pickup': 'Pickup scheduled. The customer has been mailed the date.',
  receive: 'Marked received. The customer has been mailed.',
  check: 'Checked. The refund is ready for accounts.',
  refund: 'Refunded. The customer has been mailed.',
  refuse: 'Refused. The customer has been mailed the reason.',
};

/** The body of one step from the desk's form fields (the refund typed in rupees becomes paise). */
export function stepBody(step: ReturnStep, text: (name: string) => string, rupees: (name: string) => number | null): object {
  const note = text('note').trim();
  switch (step) {
    case 'schedule-pickup':
      return { pickupDate: text('pickupDate'), ...(note ? { note } : {}) };
    case 'check': {
      const refund = text('refund').trim() ? rupees('refund') : null;
      return { note: text('note'), disposition: text('disposition'), ...(refund !== null ? { refundPaise: refund } : {}) };
    }
    case 'refuse':
      return { reason: text('reason') };
    case 'refund':
      return {};
    default:
      return note ? { note } : {};
  }
}
