// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { AddressLines } from './order-parts.tsx';

afterEach(cleanup);

const ADDRESS = {
  firstName: 'Meera',
  lastName: 'Iyer',
  address: '12 Temple Street',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600004',
  country: 'India',
  countryCode: '91',
  phone: '9876543210',
};

describe('an order’s address', () => {
  it('shows the landmark the shopper gave, on its own line', () => {
    const { container } = render(<AddressLines address={{ ...ADDRESS, landmark: 'Opposite Kapaleeshwarar Temple' }} />);
    expect(container.textContent).toContain('12 Temple StreetLandmark: Opposite Kapaleeshwarar TempleChennai, Tamil Nadu 600004');
  });

  it('leaves the line out when there is none', () => {
    const { container } = render(<AddressLines address={{ ...ADDRESS, landmark: null }} />);
    expect(container.textContent).not.toContain('Landmark');
  });
});
