import { describe, expect, it } from 'vitest';
import { stateOfCode, stateOfPincode } from './pin-state.ts';

describe('stateOfPincode', () => {
  it.each([
    ['600086', 'Tamil Nadu', '33'],
    ['641001', 'Tamil Nadu', '33'],
    ['605001', 'Puducherry', '34'],
    ['560001', 'Karnataka', '29'],
    ['400001', 'Maharashtra', '27'],
    ['403001', 'Goa', '30'],
    ['110001', 'Delhi', '07'],
    ['122001', 'Haryana', '06'],
    ['160017', 'Chandigarh', '04'],
    ['500001', 'Telangana', '36'],
    ['520001', 'Andhra Pradesh', '37'],
    ['682001', 'Kerala', '32'],
    ['682555', 'Lakshadweep', '31'],
    ['700001', 'West Bengal', '19'],
    ['737101', 'Sikkim', '11'],
    ['781001', 'Assam', '18'],
    ['834001', 'Jharkhand', '20'],
    ['800001', 'Bihar', '10'],
    ['248001', 'Uttarakhand', '05'],
    ['226001', 'Uttar Pradesh', '09'],
    ['380001', 'Gujarat', '24'],
    ['302001', 'Rajasthan', '08'],
    ['194101', 'Ladakh', '38'],
  ])('%s is in %s (%s)', (pin, name, code) => {
    expect(stateOfPincode(pin)).toEqual({ name, code });
  });

  it('knows no state for a malformed PIN or the Army Postal Service', () => {
    expect(stateOfPincode('060001')).toBeNull();
    expect(stateOfPincode('60008')).toBeNull();
    expect(stateOfPincode('abcdef')).toBeNull();
    expect(stateOfPincode('990001')).toBeNull();
  });

  it('accepts a PIN typed with a space', () => {
    expect(stateOfPincode('600 086')?.code).toBe('33');
  });
});

describe('stateOfCode', () => {
  it('names the state of a GST state code', () => {
    expect(stateOfCode('33')?.name).toBe('Tamil Nadu');
    expect(stateOfCode('29')?.name).toBe('Karnataka');
    expect(stateOfCode('00')).toBeNull();
  });
});
