/**
 * The trade-partner forms' field names, labels and choices (spec §3): zod-free, so the screens import
 * them as values and the API's schemas (trade-partners.ts) check against the same names.
 */

export const SHORT_REGISTRATION_LABELS: Record<string, string> = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  countryCode: 'Country code',
  phoneNumber: 'Phone number',
  email: 'E-mail',
  companyName: 'Company name',
  adUserType: 'Type',
};

/** adUserType of the short form: 2 Manufacture, 3 Retailer (spec §2, §6). */
export const SHORT_USER_TYPES = { '2': 'Manufacturer', '3': 'Retailer' } as const;

/** The long form's registration type radio (spec §2; default Reseller). */
export const LONG_USER_TYPES = { Manufacture: 'Manufacturer', Reseller: 'Reseller' } as const;
export const COMPANY_TYPES = ['Individual', 'Proprietor', 'Partnership', 'Pvt Ltd.', 'Public Ltd.', 'Other'] as const;

/** Owner slot n's field names: slot 1 keeps the spec's names, slots 2 and 3 add the number. */
export function ownerFields(slot: 1 | 2 | 3) {
  const n = slot === 1 ? '' : String(slot);
  return { name: `ownerName${n}`, mobile: `ownerMobile${n}`, email: `ownerEmail${n}`, dob: `ownerDOB${n}`, anniversary: `ownerAnniDate${n}` };
}
export const OWNER_SLOTS = [1, 2, 3] as const;

/** Contact persons of the form, by the prefix of their field names (managName, servicePhone, accEmail …). */
export const CONTACT_ROLES = [
  { role: 'management', prefix: 'manag', title: 'Management' },
  { role: 'service', prefix: 'service', title: 'Order / Repair' },
  { role: 'logistics', prefix: 'logistics', title: 'Logistics' },
  { role: 'accounts', prefix: 'acc', title: 'Accounts Manager' },
] as const;

/** Fast-moving category shares in percent (spec §3). */
export const FAST_MOVING = [
  { field: 'compBA', label: 'Bangles' },
  { field: 'compBR', label: 'Bracelets' },
  { field: 'compER', label: 'Earrings' },
  { field: 'compFR', label: 'Finger rings' },
  { field: 'compNE', label: 'Necklaces' },
  { field: 'compNO', label: 'Nose pins' },
  { field: 'compPE', label: 'Pendants' },
] as const;

export const LONG_REGISTRATION_LABELS: Record<string, string> = {
  adUserType: 'Registration type',
  compName: 'Company name',
  compType: 'Company type',
  compTypeOther: 'Other company type',
  compAdd1: 'Street address line 1',
  compAdd2: 'Street address line 2',
  compCity: 'City',
  compState: 'State',
  compPostal: 'Postal code',
  adEmail: 'E-mail',
  countryCode: 'Country code',
  adPhone: 'Phone number',
  srName: 'Showroom name',
  srArea: 'Showroom area',
  srEstDate: 'Showroom established on',
  srAdd1: 'Showroom address line 1',
  srAdd2: 'Showroom address line 2',
  srCity: 'Showroom city',
  srState: 'Showroom state',
  srPin: 'Showroom PIN code',
  compPan: 'Company PAN',
  compGST: 'GSTIN',
  compInvoiceName: 'Name on invoices',
  compWef: 'GST with effect from',
  compBankName: 'Bank name',
  compAccount: 'Bank account number',
  compBranch: 'Branch',
  compIfsc: 'IFSC',
  compRetail: 'Operating status',
  compLocation: 'Cities and regions served',
  fastMoving: 'Fast-moving categories',
  ...Object.fromEntries(
    OWNER_SLOTS.flatMap((slot) => {
      const f = ownerFields(slot);
      return [
        [f.name, `Owner ${slot} name`],
        [f.mobile, `Owner ${slot} mobile`],
        [f.email, `Owner ${slot} e-mail`],
        [f.dob, `Owner ${slot} date of birth`],
        [f.anniversary, `Owner ${slot} anniversary date`],
      ];
    }),
  ),
  ...Object.fromEntries(
    CONTACT_ROLES.flatMap((c) => [
      [`${c.prefix}Name`, `${c.title} contact name`],
      [`${c.prefix}Phone`, `${c.title} contact phone`],
      [`${c.prefix}Email`, `${c.title} contact e-mail`],
    ]),
  ),
  ...Object.fromEntries(FAST_MOVING.map((c) => [c.field, `${c.label} share`])),
};

/** Every field name of the long payload. */
export const LONG_REGISTRATION_FIELDS = Object.keys(LONG_REGISTRATION_LABELS).filter((f) => f !== 'fastMoving');
