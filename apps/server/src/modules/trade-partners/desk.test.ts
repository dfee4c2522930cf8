import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gstinCheckChar } from '@milli/contracts';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createStaff, type TestStaff } from '../../testing-factories.ts';

let t: TestApp;
let owner: TestStaff;
let partners: TestStaff;
let catalogue: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createStaff(t.app, { role: 'owner' });
  partners = await createStaff(t.app, { role: 'partners' });
  catalogue = await createStaff(t.app, { role: 'catalogue' });
});
afterAll(() => t?.close());

let ip = 1;
const register = async (fields: Record<string, string>) => {
  const res = await postForm(t.app, '/api/manufacturer/register', fields, { ip: `10.19.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
  expect(res.statusCode, res.body).toBe(200);
  return Number(String(res.json().reference).slice(3));
};
const send = (method: 'GET' | 'POST', url: string, who: { cookie: string } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

const gstinFor = (pan: string) => `33${pan}1Z${gstinCheckChar(`33${pan}1Z`)}`;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

function shortForm(o: Record<string, string> = {}) {
  return {
    firstName: 'Kavya',
    middleName: 'Lakshmi',
    lastName: 'Iyer',
    countryCode: '91',
    phoneNumber: '9876500001',
    email: `kavya.${unique()}@sriganesh.in`,
    companyName: 'Sri Ganesh Jewels',
    adUserType: '3',
    ...o,
  };
}
function longForm(pan: string, o: Record<string, string> = {}) {
  return {
    adUserType: 'Manufacture',
    compName: 'Thangam Gold Works',
    compType: 'Partnership',
    compAdd1: '14 Usman Road',
    compAdd2: 'T. Nagar',
    compCity: 'Chennai',
    compState: 'Tamil Nadu',
    compPostal: '600017',
    adEmail: `office.${unique()}@thangam.in`,
    countryCode: '91',
    adPhone: '9876500002',
    ownerName: 'Murugan S',
    ownerMobile: '9123456780',
    ownerEmail: 'murugan@thangam.in',
    ownerDOB: '1970-04-14',
    ownerAnniDate: '1996-06-02',
    srName: 'Thangam Showroom',
    srArea: '1800',
    srEstDate: '1999-11-01',
    srAdd1: '22 Ranganathan Street',
    srAdd2: 'T. Nagar',
    srCity: 'Chennai',
    srState: 'Tamil Nadu',
    srPin: '600017',
    managName: 'Murugan S',
    managPhone: '9123456780',
    managEmail: 'murugan@thangam.in',
    accName: 'Devi R',
    accPhone: '9123456785',
    accEmail: 'accounts@thangam.in',
    compPan: pan,
    compGST: gstinFor(pan),
    compInvoiceName: 'Thangam Gold Works',
    compWef: '2017-07-01',
    compBankName: '',
    compAccount: '50100012345678',
    compBranch: 'T. Nagar',
    compIfsc: 'HDFC0000001',
    compRetail: 'Wholesale and retail',
    compLocation: 'Chennai, Madurai',
    compBA: '30',
    compBR: '10',
    compER: '20',
    compFR: '15',
    compNE: '10',
    compNO: '5',
    compPE: '10',
    ...o,
  };
}

const mailsTo = (address: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, address));
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'trade-partner-application'), eq(schema.auditLog.entityId, String(id))))
    .orderBy(schema.auditLog.id);

describe('who may use the trade-partner desk', () => {
  it('answers 401 without a session and 403 to the catalogue desk; lets the partners desk and the owner in', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/trade-partners'],
      ['GET', '/api/admin/trade-partners/1'],
      ['POST', '/api/admin/trade-partners/1/review', { decision: 'under_review' }],
    ] as const) {
      expect((await send(method, url, null, body)).statusCode).toBe(401);
      const refused = await send(method, url, catalogue, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('PERMISSION_DENIED');
    }
    expect((await send('GET', '/api/admin/trade-partners', partners)).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/trade-partners', owner)).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('searches, filters by status, sorts, and flags applications sharing a PAN, GSTIN, e-mail or phone', async () => {
    const tag = unique();
    const email = `shared.${tag}@example.in`;
    const a = await register(shortForm({ companyName: `Alpha ${tag}`, email, phoneNumber: '9811100001' }));
    const b = await register(shortForm({ companyName: `Beta ${tag}`, phoneNumber: '9811100001' }));
    const c = await register(shortForm({ companyName: `Gamma ${tag}`, email, phoneNumber: '9811100003' }));
    const lone = await register(shortForm({ companyName: `Delta ${tag}`, phoneNumber: '9811100004' }));

    const res = await send('GET', `/api/admin/trade-partners?q=${tag}&sort=company&dir=asc`, partners);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(4);
    expect(page.data.map((r: { company: string }) => r.company)).toEqual([`Alpha ${tag}`, `Beta ${tag}`, `Delta ${tag}`, `Gamma ${tag}`]);
    const byId = new Map(page.data.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(a)).toMatchObject({
      form: 'short',
      contactName: 'Kavya Lakshmi Iyer',
      email,
      phone: '+91 9811100001',
      type: 'Retailer',
      status: 'Received',
      duplicateOf: { email: [c], phone: [b], pan: [], gstin: [] },
    });
    expect(byId.get(b)).toMatchObject({ duplicateOf: { email: [], phone: [a] } });
    expect(byId.get(lone)).toMatchObject({ duplicateOf: { pan: [], gstin: [], email: [], phone: [] } });

    // By the e-mail, the phone and the contact's name too; newest first by date.
    expect((await send('GET', `/api/admin/trade-partners?q=${encodeURIComponent(email)}`, partners)).json().total).toBe(2);
    const newest = (await send('GET', `/api/admin/trade-partners?q=${tag}&sort=created&dir=desc`, partners)).json();
    expect(newest.data[0].id).toBe(lone);

    await send('POST', `/api/admin/trade-partners/${b}/review`, partners, { decision: 'under_review' });
    const reviewing = (await send('GET', `/api/admin/trade-partners?q=${tag}&status=Under%20Review`, partners)).json();
    expect(reviewing.data.map((r: { id: number }) => r.id)).toEqual([b]);
  });

  it('refuses a status or sort no list offers with 400', async () => {
    expect((await send('GET', '/api/admin/trade-partners?status=Lost', partners)).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/trade-partners?sort=pan', partners)).statusCode).toBe(400);
  });
});

describe('an application in full', () => {
  it('answers every field of the long form, its owners and contacts, the KYC checks and its duplicates', async () => {
    const pan = `ABCPE${String(Date.now()).slice(-4)}F`;
    const first = await register(longForm(pan));
    // The same company again once the first is decided: the PAN and GSTIN are shared.
    await send('POST', `/api/admin/trade-partners/${first}/review`, owner, { decision: 'reject', note: 'Incomplete papers.' });
    const second = await register(longForm(pan, { compName: 'THANGAM GOLD WORKS PVT LTD' }));

    const res = await send('GET', `/api/admin/trade-partners/${second}`, partners);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: second,
      reference: `TP-${String(second).padStart(6, '0')}`,
      form: 'long',
      company: 'THANGAM GOLD WORKS PVT LTD',
      contactName: 'Murugan S',
      type: 'Manufacturer',
      compCity: 'Chennai',
      srName: 'Thangam Showroom',
      srEstDate: '1999-11-01',
      compInvoiceName: 'Thangam Gold Works',
      compBankName: 'HDFC Bank',
      compAccount: '50100012345678',
      compBa: 30,
      compPe: 10,
      kyc: {
        pan: { value: pan, valid: true },
        gstin: { value: gstinFor(pan), valid: true },
        ifsc: { value: 'HDFC0000001', valid: true },
      },
      duplicateOf: { pan: [first], gstin: [first] },
      decisions: ['under_review', 'approve', 'reject'],
    });
    expect(d.kyc.gstin.message).toMatch(/matches the PAN given/);
    expect(d.kyc.ifsc.message).toMatch(/HDFC Bank/);
    expect(d.owners).toEqual([{ slot: 1, name: 'Murugan S', mobile: '9123456780', email: 'murugan@thangam.in', dob: '1970-04-14', anniversary: '1996-06-02' }]);
    expect(d.contacts.map((c: { role: string }) => c.role).sort()).toEqual(['accounts', 'management']);
    expect(d.duplicates).toEqual([expect.objectContaining({ id: first, status: 'Rejected', shares: expect.arrayContaining(['pan', 'gstin']) })]);
  });

  it('shows failing KYC checks: a PAN of no holder type, a GSTIN whose PAN differs, an IFSC of no branch', async () => {
    const [row] = await t.database.db
      .insert(schema.tradePartnerApplications)
      .values({
        form: 'long',
        adUserType: 'Retailer',
        partnerType: 'Retailer',
        companyName: 'Odd Papers',
        email: `odd.${unique()}@example.in`,
        phone: '9800000099',
        compPan: 'ABCDE1234F',
        compGst: gstinFor('ABCPE5555F'),
        compIfsc: 'HDFC0ZZZZZZ',
      })
      .returning({ id: schema.tradePartnerApplications.id });
    const d = (await send('GET', `/api/admin/trade-partners/${row!.id}`, partners)).json();
    expect(d.kyc.pan).toMatchObject({ value: 'ABCDE1234F', valid: false });
    expect(d.kyc.pan.message).toMatch(/4th letter/);
    expect(d.kyc.gstin).toMatchObject({ valid: false });
    expect(d.kyc.gstin.message).toMatch(/ABCPE5555F.*not the PAN given/);
    expect(d.kyc.ifsc).toMatchObject({ value: 'HDFC0ZZZZZZ', valid: false });

    const short = await register(shortForm());
    const s = (await send('GET', `/api/admin/trade-partners/${short}`, partners)).json();
    expect(s.kyc).toEqual({
      pan: { value: null, valid: null, message: 'No PAN was given.' },
      gstin: { value: null, valid: null, message: 'No GSTIN was given.' },
      ifsc: { value: null, valid: null, message: 'No IFSC was given.' },
    });
    expect(s).toMatchObject({ firstName: 'Kavya', middleName: 'Lakshmi', lastName: 'Iyer', countryCode: '91', owners: [], contacts: [] });
  });

  it('answers 404 for an application that does not exist', async () => {
    const res = await send('GET', '/api/admin/trade-partners/99999999', partners);
    expect(res.statusCode).toBe(404);
  });
});

describe('the review', () => {
  it('moves Received → Under Review → Approved, audits each step, mails the note on the decision, and refuses a second decision', async () => {
    const email = `approve.${unique()}@example.in`;
    const id = await register(shortForm({ email }));
    const under = await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'under_review' });
    expect(under.statusCode, under.body).toBe(200);
    expect(under.json()).toMatchObject({ status: 'Under Review', decisions: ['approve', 'reject'] });
    expect((await mailsTo(email)).filter((m) => m.kind.startsWith('trade-partner-approved'))).toHaveLength(0);
    expect((await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'under_review' })).statusCode).toBe(409);

    const approved = await send('POST', `/api/admin/trade-partners/${id}/review`, partners, {
      decision: 'approve',
      note: 'Welcome! Your credit limit is ₹5 lakh.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', staffNote: 'Welcome! Your credit limit is ₹5 lakh.', decisions: [] });

    const mail = (await mailsTo(email)).find((m) => m.kind === 'trade-partner-approved');
    expect(mail?.subject).toMatch(/approved/);
    expect(mail?.textBody).toContain('Welcome! Your credit limit is ₹5 lakh.');

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['under-review', 'approve']);
    expect(audit[1]).toMatchObject({ before: { status: 'Under Review' }, after: { status: 'Approved', note: 'Welcome! Your credit limit is ₹5 lakh.' } });

    for (const decision of ['approve', 'reject', 'under_review']) {
      const again = await send('POST', `/api/admin/trade-partners/${id}/review`, owner, { decision, note: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already approved/);
    }
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('rejects straight from Received with the note mailed; a rejection without a note or with a long note is 400', async () => {
    const email = `reject.${unique()}@example.in`;
    const id = await register(shortForm({ email }));
    const bare = await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields?.note).toMatch(/Say why/);
    expect((await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'reject', note: '   ' })).statusCode).toBe(400);
    expect((await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'reject', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'maybe' })).statusCode).toBe(400);

    const res = await send('POST', `/api/admin/trade-partners/${id}/review`, partners, { decision: 'reject', note: 'We need a GSTIN to trade.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('Rejected');
    const mail = (await mailsTo(email)).find((m) => m.kind === 'trade-partner-rejected');
    expect(mail?.textBody).toContain('We need a GSTIN to trade.');
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'reject',
        before: expect.objectContaining({ status: 'Received' }),
        after: expect.objectContaining({ status: 'Rejected', note: 'We need a GSTIN to trade.' }),
      }),
    ]);
  });

  it('answers 404 for reviewing an application that does not exist', async () => {
    expect((await send('POST', '/api/admin/trade-partners/99999999/review', partners, { decision: 'approve' })).statusCode).toBe(404);
  });
});
