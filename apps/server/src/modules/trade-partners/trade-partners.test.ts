import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { MESSAGES, gstinCheckChar } from '@milli/contracts';
import { schema } from '@milli/db';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';

let t: TestApp;
let ipCounter = 1;
/** Each test gets its own client address, so the per-IP limit of one test does not spill into the next. */
const freshIp = () => `10.6.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (fields: Record<string, string>, ip = freshIp()) => postForm(t.app, '/api/manufacturer/register', fields, { ip });

const PAN = 'ABCPE1234F';
/** A GSTIN for Tamil Nadu (33) built from a PAN, with its real check character. */
const gstinFor = (pan: string) => `33${pan}1Z${gstinCheckChar(`33${pan}1Z`)}`;

let phoneSeq = 0;
/** Each application its own mobile number: the store counts its messages to each number (issue 35). */
const freshPhone = () => `98765${String(phoneSeq++).padStart(5, '0')}`;

/** The short form as a person fills it; override any field. */
function shortForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: 'Kavya',
    middleName: 'Lakshmi',
    lastName: 'Iyer',
    countryCode: '91',
    phoneNumber: freshPhone(),
    email: 'kavya@sriganesh-jewels.in',
    companyName: 'Sri Ganesh Jewels',
    adUserType: '3',
    ...overrides,
  };
}

let panSeq = 1000;
/** Each long application its own company (a second one for a PAN is refused while the first is reviewed). */
const freshPan = () => `ABCPE${panSeq++}F`;

/** The long (KYC) form with every section filled; override any field, '' clears one. */
function longForm(overrides: Record<string, string> = {}): Record<string, string> {
  const pan = overrides.compPan ?? freshPan();
  return {
    adUserType: 'Manufacture',
    compName: 'Thangam Gold Works',
    compType: 'Partnership',
    compAdd1: '14 Usman Road',
    compAdd2: 'T. Nagar',
    compCity: 'Chennai',
    compState: 'Tamil Nadu',
    compPostal: '600017',
    adEmail: 'Office@Thangam.in',
    countryCode: '91',
    adPhone: freshPhone(),
    ownerName: 'Murugan S',
    ownerMobile: '9123456780',
    ownerEmail: 'murugan@thangam.in',
    ownerDOB: '1970-04-14',
    ownerAnniDate: '1996-06-02',
    ownerName2: 'Selvi M',
    ownerMobile2: '9123456781',
    ownerEmail2: 'selvi@thangam.in',
    ownerDOB2: '1974-09-21',
    ownerAnniDate2: '1996-06-02',
    ownerName3: 'Arun M',
    ownerMobile3: '9123456782',
    ownerEmail3: 'arun@thangam.in',
    ownerDOB3: '1998-01-30',
    ownerAnniDate3: '',
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
    serviceName: 'Ravi K',
    servicePhone: '9123456783',
    serviceEmail: 'repairs@thangam.in',
    logisticsName: 'Bala P',
    logisticsPhone: '9123456784',
    logisticsEmail: 'dispatch@thangam.in',
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
    compLocation: 'Chennai, Coimbatore, Madurai',
    compBA: '30',
    compBR: '10',
    compER: '20',
    compFR: '15',
    compNE: '10',
    compNO: '5',
    compPE: '10',
    ...overrides,
  };
}

const applicationsFor = (email: string) => t.database.db.select().from(schema.tradePartnerApplications).where(eq(schema.tradePartnerApplications.email, email));
const mailsTo = (address: string) => t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, address));

describe('short registration', () => {
  it('answers exactly the spec message, stores the application as Received and confirms by mail', async () => {
    const res = await register(shortForm({ phoneNumber: '9876543210' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.shortRegistrationSuccess);
    expect(res.json().message).toBe('Registration Successful. Our support team will get back to you soon!');
    const [row] = await applicationsFor('kavya@sriganesh-jewels.in');
    expect(row).toMatchObject({
      form: 'short',
      adUserType: '3',
      partnerType: 'Retailer',
      status: 'Received',
      firstName: 'Kavya',
      middleName: 'Lakshmi',
      phone: '9876543210',
    });
    const mails = await mailsTo('kavya@sriganesh-jewels.in');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(res.json().reference);
  });

  it('records Manufacture (2) as a manufacturer and tells the store', async () => {
    const res = await register(shortForm({ email: 'maker@example.in', adUserType: '2' }));
    expect(res.statusCode).toBe(200);
    const [row] = await applicationsFor('maker@example.in');
    expect(row!.partnerType).toBe('Manufacturer');
    const [settings] = await t.database.db.select().from(schema.storeSettings);
    const notices = (await mailsTo(settings!.emailPrimary)).filter((m) => m.kind === 'trade-partner-notice');
    expect(notices.some((m) => m.subject.includes(res.json().reference))).toBe(true);
  });

  it('takes a name without a middle name (DECISIONS §7: many Indian names have none)', async () => {
    const res = await register(shortForm({ middleName: '', email: 'no-middle@example.in' }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await applicationsFor('no-middle@example.in');
    expect(row).toMatchObject({ firstName: 'Kavya', middleName: null, lastName: 'Iyer' });
  });

  it.each(['firstName', 'lastName', 'phoneNumber', 'email', 'companyName'])('requires %s', async (field) => {
    const res = await register(shortForm({ [field]: '' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    expect(res.json().message).toMatch(/please fill this in/);
  });

  it('lists every problem at once, each named by its field', async () => {
    const res = await register({ email: 'nope', phoneNumber: '12', countryCode: '91' });
    expect(res.statusCode).toBe(400);
    const { fields, message } = res.json();
    expect(fields.email).toBe('E-mail: please enter a valid e-mail address (like name@example.com).');
    expect(fields.phoneNumber).toBe('Phone number: this is not a valid phone number for +91.');
    expect(fields.firstName).toBe('First name: please fill this in.');
    expect(message).toContain('Company name: please fill this in.');
  });

  it('checks the phone number against the chosen country', async () => {
    expect((await register(shortForm({ email: 'uk@example.in', countryCode: '44', phoneNumber: '9876543210' }))).statusCode).toBe(400);
    expect((await register(shortForm({ email: 'uk@example.in', countryCode: '44', phoneNumber: '7911123456' }))).statusCode).toBe(200);
    const unknown = await register(shortForm({ countryCode: '999' }));
    expect(unknown.json().fields.countryCode).toMatch(/Country code/);
  });

  it('refuses a type other than Manufacture (2) or Retailer (3)', async () => {
    const res = await register(shortForm({ adUserType: '7' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.adUserType).toBe('Type: please choose Manufacture or Retailer.');
  });
});

describe('long registration', () => {
  it('stores the whole application with all three owners and every contact, and confirms by mail', async () => {
    const res = await register(longForm({ compPan: PAN }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.shortRegistrationSuccess, bankName: 'HDFC Bank' });
    const [app] = await applicationsFor('office@thangam.in');
    expect(app).toMatchObject({
      form: 'long',
      partnerType: 'Manufacturer',
      status: 'Received',
      companyName: 'Thangam Gold Works',
      compType: 'Partnership',
      compTypeOther: null,
      compPostal: '600017',
      srPin: '600017',
      srEstDate: '1999-11-01',
      compPan: PAN,
      compGst: gstinFor(PAN),
      compIfsc: 'HDFC0000001',
      compBankName: 'HDFC Bank',
      compWef: '2017-07-01',
      compBa: 30,
      compPe: 10,
    });
    const owners = await t.database.db
      .select()
      .from(schema.tradePartnerOwners)
      .where(eq(schema.tradePartnerOwners.applicationId, app!.id))
      .orderBy(asc(schema.tradePartnerOwners.slot));
    expect(owners.map((o) => [o.slot, o.name, o.dob, o.anniversary])).toEqual([
      [1, 'Murugan S', '1970-04-14', '1996-06-02'],
      [2, 'Selvi M', '1974-09-21', '1996-06-02'],
      [3, 'Arun M', '1998-01-30', null],
    ]);
    const contacts = await t.database.db.select().from(schema.tradePartnerContacts).where(eq(schema.tradePartnerContacts.applicationId, app!.id));
    expect(contacts.map((c) => c.role).sort()).toEqual(['accounts', 'logistics', 'management', 'service']);
    const mails = await mailsTo('office@thangam.in');
    expect(mails.map((m) => m.kind)).toEqual(['trade-partner-received']);
    expect(mails[0]!.htmlBody).toContain('Murugan S');
  });

  it('needs only the spec’s required fields: Reseller by default, empty sections skipped', async () => {
    const required = {
      compName: 'Silver Line Traders',
      compAdd1: '5 MG Road',
      compAdd2: 'Camp',
      compCity: 'Pune',
      compState: 'Maharashtra',
      compPostal: '411001',
      adEmail: 'hello@silverline.in',
      countryCode: '91',
      adPhone: '9822012345',
      srAdd1: '5 MG Road',
      srAdd2: 'Camp',
      srCity: 'Pune',
      srState: 'Maharashtra',
      srPin: '411001',
    };
    const res = await register(required);
    expect(res.statusCode).toBe(200);
    expect(res.json().bankName).toBeUndefined();
    const [app] = await applicationsFor('hello@silverline.in');
    expect(app).toMatchObject({ partnerType: 'Reseller', adUserType: 'Reseller', compPan: null, compBa: null });
    const owners = await t.database.db.select().from(schema.tradePartnerOwners).where(eq(schema.tradePartnerOwners.applicationId, app!.id));
    expect(owners).toEqual([]);
  });

  it.each(['compName', 'compAdd1', 'compAdd2', 'compCity', 'compState', 'compPostal', 'adEmail', 'adPhone', 'srAdd1', 'srAdd2', 'srCity', 'srState', 'srPin'])(
    'requires %s',
    async (field) => {
      const res = await register(longForm({ [field]: '' }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    },
  );

  it('refuses a GSTIN with a wrong check character', async () => {
    const good = gstinFor(PAN);
    const wrong = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
    const res = await register(longForm({ compPan: PAN, compGST: wrong }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      compGST: 'GSTIN: This GSTIN is not valid: its check character does not match. Please check for a typing mistake.',
    });
  });

  it('refuses a GSTIN whose PAN is not the company PAN', async () => {
    const res = await register(longForm({ compPan: PAN, compGST: gstinFor('ABCPE9999F') }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.compGST).toBe(`GSTIN: its PAN part (ABCPE9999F) does not match the company PAN ${PAN}.`);
  });

  it('refuses a malformed PAN, naming the field', async () => {
    const res = await register(longForm({ compPan: 'ABCDE1234', compGST: '' }));
    expect(res.json().fields.compPan).toMatch(/^Company PAN: /);
  });

  it('refuses a PAN whose 4th letter is no holder status, saying what that letter means', async () => {
    const res = await register(longForm({ compPan: 'ABCDE1234F', compGST: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.compPan).toMatch(/^Company PAN: the 4th letter of a PAN says who holds it, and must be one of P \(person\), C \(company\)/);
    expect(res.json().fields.compPan).toContain('“D” is none of these');
  });

  describe('one application per company while it is being reviewed', () => {
    const underReview = (who: string) =>
      `An application for this company (${who}) is already being reviewed. Our partner team will get back to you; there is no need to apply again.`;

    it('a second application with the same PAN (or a GSTIN holding it) is refused with 409 and nothing is stored', async () => {
      const pan = 'THNPC4321K';
      const first = await register(longForm({ compPan: pan, adEmail: 'first@thangam-group.in' }));
      expect(first.statusCode, first.body).toBe(200);
      const again = await register(
        longForm({ compPan: pan.toLowerCase(), compGST: gstinFor(pan), compName: 'THANGAM GOLD WORKS PVT LTD', adEmail: 'second@thangam-group.in' }),
      );
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ message: underReview(`PAN ${pan}`), code: 'APPLICATION_UNDER_REVIEW' });
      const byGstinOnly = await register(longForm({ compPan: '', compGST: gstinFor(pan), adEmail: 'third@thangam-group.in' }));
      expect(byGstinOnly.statusCode, byGstinOnly.body).toBe(409);
      expect(await applicationsFor('second@thangam-group.in')).toEqual([]);
      expect(await applicationsFor('third@thangam-group.in')).toEqual([]);
    });

    it('without PAN or GSTIN, the same company name (however written) is refused', async () => {
      const form = (email: string, name: string) => longForm({ compPan: '', compGST: '', compName: name, adEmail: email });
      expect((await register(form('a@kaveri-chains.in', 'Kaveri Chains'))).statusCode).toBe(200);
      const again = await register(form('b@kaveri-chains.in', 'KAVERI  CHAINS.'));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(underReview('KAVERI  CHAINS.'));
    });

    it('two applications at once for one company: exactly one is stored', async () => {
      const pan = 'RACPE7777Q';
      const answers = await Promise.all([1, 2, 3].map((n) => register(longForm({ compPan: pan, adEmail: `race${n}@example.in` }))));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    });

    it('once the application is decided, the company may apply again', async () => {
      const pan = 'DECPE5555D';
      expect((await register(longForm({ compPan: pan, adEmail: 'decided1@example.in' }))).statusCode).toBe(200);
      await t.database.db
        .update(schema.tradePartnerApplications)
        .set({ status: 'Rejected' })
        .where(eq(schema.tradePartnerApplications.email, 'decided1@example.in'));
      expect((await register(longForm({ compPan: pan, adEmail: 'decided2@example.in' }))).statusCode).toBe(200);
    });
  });

  it('refuses an IFSC that no bank branch has, and one that is malformed', async () => {
    const unknown = await register(longForm({ compIfsc: 'HDFC0ZZZZZZ' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.compIfsc).toMatch(/^IFSC: no bank branch has this IFSC/);
    const malformed = await register(longForm({ compIfsc: 'HDFC1234' }));
    expect(malformed.json().fields.compIfsc).toMatch(/^IFSC: an IFSC is 11 characters/);
  });

  it('keeps the bank the IFSC names, whatever was typed', async () => {
    const res = await register(longForm({ adEmail: 'sbi@example.in', compIfsc: 'sbin0000691', compBankName: 'my bank' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().bankName).toBe('State Bank of India');
    const [app] = await applicationsFor('sbi@example.in');
    expect(app).toMatchObject({ compIfsc: 'SBIN0000691', compBankName: 'State Bank of India' });
  });

  it('refuses fast-moving shares over 100 %, alone or together', async () => {
    const total = await register(longForm({ compBA: '60', compNE: '50' }));
    expect(total.statusCode).toBe(400);
    expect(total.json().fields).toEqual({ fastMoving: 'Fast-moving categories: the shares add up to 170 %, which is more than 100 %.' });
    const one = await register(longForm({ compBA: '101' }));
    expect(one.json().fields.compBA).toBe('Bangles share: please enter a whole number from 0 to 100.');
    const fraction = await register(longForm({ compBA: '12.5' }));
    expect(fraction.json().fields.compBA).toMatch(/whole number/);
  });

  it('checks e-mails, phones, PINs and dates wherever they are given', async () => {
    const res = await register(
      longForm({ ownerEmail2: 'selvi@', managPhone: '12345', srPin: '060017', compPostal: '6000', ownerDOB: '2999-01-01', srEstDate: '1999-02-30' }),
    );
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(fields.ownerEmail2).toMatch(/^Owner 2 e-mail: /);
    expect(fields.managPhone).toMatch(/^Management contact phone: /);
    expect(fields.srPin).toMatch(/^Showroom PIN code: .*6-digit/);
    expect(fields.compPostal).toMatch(/^Postal code: /);
    expect(fields.ownerDOB).toBe('Owner 1 date of birth: this date cannot be in the future.');
    expect(fields.srEstDate).toBe('Showroom established on: please enter a real date (YYYY-MM-DD).');
  });

  it('needs a name for an owner slot that has other details, and the text for company type Other', async () => {
    const res = await register(longForm({ ownerName3: '', compType: 'Other', compTypeOther: '' }));
    expect(res.json().fields).toMatchObject({
      ownerName3: expect.stringMatching(/^Owner 3 name: /),
      compTypeOther: 'Other company type: please describe the company type.',
    });
    const ok = await register(longForm({ adEmail: 'other@example.in', compType: 'Other', compTypeOther: 'Co-operative society' }));
    expect(ok.statusCode).toBe(200);
    const [app] = await applicationsFor('other@example.in');
    expect(app).toMatchObject({ compType: 'Other', compTypeOther: 'Co-operative society' });
  });

  it('stores nothing when a check fails', async () => {
    await register(longForm({ adEmail: 'half@example.in', compIfsc: 'HDFC0ZZZZZZ' }));
    expect(await applicationsFor('half@example.in')).toEqual([]);
    expect(await mailsTo('half@example.in')).toEqual([]);
  });
});

describe('messages to one address or number (issue 35)', () => {
  it('are counted against the recipient whatever address sends the form: the sixth to one mailbox or number in a day is refused, nothing stored', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await register(shortForm({ email: 'Stranger+' + i + '@Example.in' }), freshIp())).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await applicationsFor('Stranger+5@Example.in')).toEqual([]);
    const phone = freshPhone();
    const byPhone: number[] = [];
    for (let i = 0; i < 6; i++) byPhone.push((await register(shortForm({ email: `caller${i}@example.in`, phoneNumber: phone }), freshIp())).statusCode);
    expect(byPhone).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("keep the sender's words out of the mail's heading and opening lines", async () => {
    const lure = 'Your KYC is blocked call 1800 000 000';
    expect((await register(shortForm({ email: 'lure@example.in', firstName: lure, companyName: lure }), freshIp())).statusCode).toBe(200);
    const [mail] = (await mailsTo('lure@example.in')).filter((m) => m.kind === 'trade-partner-received');
    const lines = mail!.textBody.split('\n').filter((l) => l.trim() !== '');
    expect(mail!.subject).not.toContain(lure);
    expect(lines.slice(0, 3).join(' ')).not.toContain(lure);
    expect(lines.some((l) => l.startsWith('As given with the request:') && l.includes(lure))).toBe(true);
    // The store's own notice too: the partner desk reads it as the store's.
    const [settings] = await t.database.db.select().from(schema.storeSettings);
    const notice = (await mailsTo(settings!.emailPrimary)).filter((m) => m.kind === 'trade-partner-notice' && m.textBody.includes('lure@example.in')).at(-1)!;
    const noticeLines = notice.textBody.split('\n').filter((l) => l.trim() !== '');
    expect(notice.subject).not.toContain(lure);
    expect(noticeLines.slice(0, 2).join(' ')).not.toContain(lure);
    expect(noticeLines.some((l) => l.startsWith('As given with the request:') && l.includes(lure) && l.includes('lure@example.in'))).toBe(true);
  });
});

describe('rate limit', () => {
  it('allows 20 applications an hour from one address, then answers 429 with a message', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await register(shortForm({ email: 'x' }), ip)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    const res = await register(shortForm({ email: 'late@example.in' }), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many applications from your network. Please try again in an hour.');
    expect((await register(shortForm({ email: 'late@example.in' }))).statusCode).toBe(200);
  });
});
