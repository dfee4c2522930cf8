import { describe, expect, it } from 'vitest';
import type { AdminApi, AdminSendResult } from '../../lib/admin.server.ts';
import { saveSettings } from './settings-actions.server.ts';
import { savedMessage } from './settings-model.ts';

const FORM = {
  storeName: 'Milli',
  helpLine: '+91 44 4000 1234',
  emailPrimary: 'care@milli.example',
  emailSecondary: '',
  officeAddress: 'Chennai',
  returnWindowDays: '15',
  deliveryDays: '15',
  shippingFeePaise: '299',
  hallmarkingChargePaise: '45',
  cadAdvancePercent: '30',
  lowStockThreshold: '2',
  paymentHoldMinutes: '15',
  weightTolerancePercent: '2',
  packingTolerancePercent: '5',
  exchangePercent: '100',
  buybackPercent: '95',
  diamondExchangePercent: '90',
  diamondBuybackPercent: '75',
  tradeInPercent: '95',
  appointmentSlotCapacity: '2',
  backupRetentionDays: '14',
  gstPercent: '3',
  invoicePrefix: 'MIL',
  sellerLegalName: 'Milli Jewels Private Limited',
  sellerGstin: '33AAKCM4821Q1Z1',
  sellerState: 'Tamil Nadu',
  sellerStateCode: '33',
  codLimitPaise: '50,000',
  bisRegistration: 'HM/C-5190012345',
  rateLockAdvancePercent: '10',
  rateLockPeriods: '30, 90, 180',
  rateLockMaxMg: '50',
  rateLockUnusedAdvance: 'refund',
  metalMeltingLossPerMille: '20',
  metalAssayMaxMg: '1000',
};

function fakeApi(answer: AdminSendResult<unknown>) {
  const sent: unknown[] = [];
  const api = { send: async (_m: string, _p: string, body?: object) => (sent.push(body), answer) } as unknown as AdminApi;
  return { api, sent };
}
const post = (fields: Record<string, string>) => new Request('http://shop.example/admin/settings', { method: 'POST', body: new URLSearchParams(fields) });

describe('saving the settings form', () => {
  it('sends rupees as paise, numbers as numbers and the unticked box as false, and says what changed', async () => {
    const { api, sent } = fakeApi({ ok: true, status: 200, data: { settings: {}, changed: ['codLimitPaise', 'gstPercent'], repriced: 12 } });
    const result = await saveSettings(api, post(FORM));
    expect(sent[0]).toMatchObject({
      shippingFeePaise: 29_900,
      hallmarkingChargePaise: 4_500,
      codLimitPaise: 5_000_000,
      gstPercent: 3,
      returnWindowDays: 15,
      staffTwoFactorRequired: false,
      // Issue 38: the BIS registration number goes as typed; the server checks and normalises it.
      bisRegistration: 'HM/C-5190012345',
      // Issue 42: the cap is typed in grams and sent in mg; the periods go as typed.
      rateLockMaxMg: 50_000,
      rateLockPeriods: '30, 90, 180',
      rateLockAdvancePercent: 10,
      rateLockUnusedAdvance: 'refund',
      // The metal account's most per assay is typed in grams too.
      metalMeltingLossPerMille: 20,
      metalAssayMaxMg: 1_000_000,
    });
    expect(savedMessage(result)).toBe('Saved: pay-on-delivery limit and GST rate. 12 product prices follow the new GST rate.');
  });

  it('puts the server’s messages under their fields and keeps what was typed', async () => {
    const { api } = fakeApi({
      ok: false,
      refusal: { status: 400, code: 'INVALID_REQUEST', message: 'x', fields: { codLimitPaise: 'Below 2 lakh.', unknown: 'ignored' } },
    });
    const result = await saveSettings(api, post({ ...FORM, codLimitPaise: '200000', staffTwoFactorRequired: 'on' }));
    expect(result.errors).toEqual({ codLimitPaise: 'Below 2 lakh.' });
    expect(result.values).toMatchObject({ codLimitPaise: '200000', staffTwoFactorRequired: true });
  });

  it('refuses what is not a number before asking the server', async () => {
    const { api, sent } = fakeApi({ ok: true, status: 200, data: {} });
    const result = await saveSettings(api, post({ ...FORM, shippingFeePaise: 'free', deliveryDays: 'soon' }));
    expect(sent).toEqual([]);
    expect(Object.keys(result.errors).sort()).toEqual(['deliveryDays', 'shippingFeePaise']);
  });
});
