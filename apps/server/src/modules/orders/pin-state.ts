/**
 * The state of an Indian PIN, for the place of supply on a tax invoice. A PIN's first digits are its
 * postal circle and sorting district, so a table of prefixes (the longest match wins) names the state.
 * Circles that cross a state line are split by their three- or four-digit districts where it matters
 * (Goa inside Maharashtra's 40, Puducherry inside Tamil Nadu's 60, Jharkhand inside Bihar's 8x …).
 */
import { indianStateByCode, indianStateByName, type IndianState } from '@milli/contracts';

export type GstState = IndianState;

/** The states by a short key, for the prefix table below; names and codes are the contracts' list. */
const STATES = Object.fromEntries(
  Object.entries({
    JK: 'Jammu and Kashmir', HP: 'Himachal Pradesh', PB: 'Punjab', CH: 'Chandigarh', UK: 'Uttarakhand', HR: 'Haryana', DL: 'Delhi',
    RJ: 'Rajasthan', UP: 'Uttar Pradesh', BR: 'Bihar', SK: 'Sikkim', AR: 'Arunachal Pradesh', NL: 'Nagaland', MN: 'Manipur',
    MZ: 'Mizoram', TR: 'Tripura', ML: 'Meghalaya', AS: 'Assam', WB: 'West Bengal', JH: 'Jharkhand', OD: 'Odisha', CG: 'Chhattisgarh',
    MP: 'Madhya Pradesh', GJ: 'Gujarat', DN: 'Dadra and Nagar Haveli and Daman and Diu', MH: 'Maharashtra', KA: 'Karnataka', GA: 'Goa',
    LD: 'Lakshadweep', KL: 'Kerala', TN: 'Tamil Nadu', PY: 'Puducherry', AN: 'Andaman and Nicobar Islands', TS: 'Telangana',
    AP: 'Andhra Pradesh', LA: 'Ladakh',
  }).map(([key, name]) => [key, indianStateByName(name)!]),
) as Record<string, GstState>;

/** PIN prefix → state key. Two digits for whole sub-regions, longer prefixes for the exceptions inside them. */
const PREFIXES: Record<string, string> = {
  '11': 'DL',
  '12': 'HR', '13': 'HR',
  '14': 'PB', '15': 'PB', '16': 'PB', '160': 'CH',
  '17': 'HP',
  '18': 'JK', '19': 'JK', '194': 'LA',
  '20': 'UP', '21': 'UP', '22': 'UP', '23': 'UP', '24': 'UP', '25': 'UP', '26': 'UP', '27': 'UP', '28': 'UP',
  '246': 'UK', '248': 'UK', '249': 'UK', '263': 'UK', '2476': 'UK', '2447': 'UK', '2625': 'UK', '2626': 'UK',
  '30': 'RJ', '31': 'RJ', '32': 'RJ', '33': 'RJ', '34': 'RJ',
  '36': 'GJ', '37': 'GJ', '38': 'GJ', '39': 'GJ', '3962': 'DN',
  '40': 'MH', '41': 'MH', '42': 'MH', '43': 'MH', '44': 'MH', '403': 'GA',
  '45': 'MP', '46': 'MP', '47': 'MP', '48': 'MP',
  '49': 'CG',
  '50': 'TS',
  '51': 'AP', '52': 'AP', '53': 'AP',
  '56': 'KA', '57': 'KA', '58': 'KA', '59': 'KA',
  '60': 'TN', '61': 'TN', '62': 'TN', '63': 'TN', '64': 'TN', '6050': 'PY', '6096': 'PY',
  '67': 'KL', '68': 'KL', '69': 'KL', '682555': 'LD',
  '70': 'WB', '71': 'WB', '72': 'WB', '73': 'WB', '74': 'WB', '737': 'SK', '744': 'AN',
  '75': 'OD', '76': 'OD', '77': 'OD',
  '78': 'AS', '790': 'AR', '791': 'AR', '792': 'AR', '793': 'ML', '794': 'ML', '795': 'MN', '796': 'MZ', '797': 'NL', '798': 'NL', '799': 'TR',
  '80': 'BR', '81': 'BR', '82': 'BR', '83': 'JH', '84': 'BR', '85': 'BR',
  '813': 'JH', '814': 'JH', '815': 'JH', '816': 'JH', '825': 'JH', '826': 'JH', '827': 'JH', '828': 'JH', '829': 'JH',
};

/** The state of a six-digit PIN, or null for a malformed PIN or one outside every state (the Army Postal Service, 9x). */
export function stateOfPincode(pincode: string): GstState | null {
  const pin = pincode.replace(/\s+/g, '');
  if (!/^[1-9][0-9]{5}$/.test(pin)) return null;
  for (let length = 6; length >= 2; length--) {
    const key = PREFIXES[pin.slice(0, length)];
    if (key) return STATES[key]!;
  }
  return null;
}

/** The state of a GST state code ('33' → Tamil Nadu), or null. */
export function stateOfCode(code: string): GstState | null {
  return indianStateByCode(code);
}
