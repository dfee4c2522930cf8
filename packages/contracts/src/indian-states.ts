/**
 * India's states and union territories with their two-digit GST state codes (the first two characters of a
 * GSTIN, and the place of supply on a tax invoice). Sorted by name, as a form's select lists them.
 */
export interface IndianState {
  name: string;
  /** The two-digit GST state code. */
  code: string;
}

export const INDIAN_STATES: readonly IndianState[] = [
  { name: 'Andaman and Nicobar Islands', code: '35' },
  { name: 'Andhra Pradesh', code: '37' },
  { name: 'Arunachal Pradesh', code: '12' },
  { name: 'Assam', code: '18' },
  { name: 'Bihar', code: '10' },
  { name: 'Chandigarh', code: '04' },
  { name: 'Chhattisgarh', code: '22' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26' },
  { name: 'Delhi', code: '07' },
  { name: 'Goa', code: '30' },
  { name: 'Gujarat', code: '24' },
  { name: 'Haryana', code: '06' },
  { name: 'Himachal Pradesh', code: '02' },
  { name: 'Jammu and Kashmir', code: '01' },
  { name: 'Jharkhand', code: '20' },
  { name: 'Karnataka', code: '29' },
  { name: 'Kerala', code: '32' },
  { name: 'Ladakh', code: '38' },
  { name: 'Lakshadweep', code: '31' },
  { name: 'Madhya Pradesh', code: '23' },
  { name: 'Maharashtra', code: '27' },
  { name: 'Manipur', code: '14' },
  { name: 'Meghalaya', code: '17' },
  { name: 'Mizoram', code: '15' },
  { name: 'Nagaland', code: '13' },
  { name: 'Odisha', code: '21' },
  { name: 'Puducherry', code: '34' },
  { name: 'Punjab', code: '03' },
  { name: 'Rajasthan', code: '08' },
  { name: 'Sikkim', code: '11' },
  { name: 'Tamil Nadu', code: '33' },
  { name: 'Telangana', code: '36' },
  { name: 'Tripura', code: '16' },
  { name: 'Uttar Pradesh', code: '09' },
  { name: 'Uttarakhand', code: '05' },
  { name: 'West Bengal', code: '19' },
];

const folded = (name: string) => name.trim().replace(/\s+/g, ' ').replace(/&/g, 'and').toLowerCase();

/** The state or union territory of a name as typed or chosen ('tamil nadu' → Tamil Nadu), or null when it is none. */
export function indianStateByName(name: string): IndianState | null {
  const wanted = folded(name);
  return INDIAN_STATES.find((s) => folded(s.name) === wanted) ?? null;
}

/** The state of a GST state code ('33' → Tamil Nadu), or null. */
export function indianStateByCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => s.code === code.trim()) ?? null;
}
