import { describe, expect, it } from 'vitest';
import { createDemoGateway, type ChargeRequest } from './gateway.ts';

const GOOD = { nameOnCard: 'Asha Rao', cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvv: '123' };
const DECLINED = { ...GOOD, cardNumber: '4000 0000 0000 0002' };
const request = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({ amountPaise: 100_000, card: GOOD, idempotencyKey: 'k1', description: 'instalment 1', ...over });

describe('the demo gateway keeps keys as a real one does', () => {
  it('answers a retried request with its first charge, and refuses the key for a different request', async () => {
    const gateway = createDemoGateway();
    const first = await gateway.charge(request());
    expect(first).toMatchObject({ ok: true });
    expect(await gateway.charge(request())).toEqual(first);
    expect(await gateway.charge(request({ amountPaise: 200_000 }))).toMatchObject({ ok: false, code: 'idempotency_conflict' });
    expect(await gateway.charge(request({ card: { ...GOOD, cardNumber: '5555 5555 5555 4444' } }))).toMatchObject({ ok: false, code: 'idempotency_conflict' });
  });

  it('does not let a declined attempt decide a later good one under the same key', async () => {
    const gateway = createDemoGateway();
    expect(await gateway.charge(request({ card: DECLINED }))).toMatchObject({ ok: false, code: 'declined' });
    const good = await gateway.charge(request());
    expect(good).toMatchObject({ ok: true, method: 'Visa •••• 1111' });
  });
});
