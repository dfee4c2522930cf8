import { Form, useNavigation } from 'react-router';
import { MESSAGES, type PincodeCheck, type StoreLocation } from '@milli/contracts';
import { PinIcon, TruckIcon } from '../../components/layout/icons.tsx';

/** '2026-05-12' → 'Tuesday, 12 May 2026' (the date is a calendar day: no time zone may shift it). */
export function deliveryDateText(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** '12 Luz Church Road, Mylapore, Chennai 600004': the city only when the address does not name it. */
export function storeAddress(store: Pick<StoreLocation, 'address' | 'city' | 'pincode'>): string {
  const address = store.address.trim().replace(/,\s*$/, '');
  const withCity = address.toLowerCase().includes(store.city.toLowerCase()) ? address : `${address}, ${store.city}`;
  return withCity.includes(store.pincode) ? withCity : `${withCity} ${store.pincode}`;
}

/**
 * The pincode box (spec §2, DECISIONS §2): a GET form, so the answer has an address and works without
 * JavaScript; the page's loader asks GET /api/stores/pincode/{pin} and hands the answer here.
 */
export function PincodeBox({ pincode, check }: { pincode: string; check: PincodeCheck | null }) {
  const navigation = useNavigation();
  const checking = navigation.state === 'loading' && navigation.location?.search.includes('pincode=');
  return (
    <div className="pd-pincode">
      <Form method="get" preventScrollReset replace>
        <div className="form-field">
          <label htmlFor="pd-pincode">
            <PinIcon size={18} /> {MESSAGES.pincodePrompt}
          </label>
          <div className="inline-field">
            <input
              id="pd-pincode"
              name="pincode"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              autoComplete="postal-code"
              placeholder="6-digit pincode"
              defaultValue={pincode}
              aria-describedby={check ? 'pd-pincode-result' : undefined}
              aria-invalid={check && !check.ok ? true : undefined}
              required
            />
            <button type="submit" className="btn btn-outline" disabled={checking}>
              {checking ? 'Checking…' : 'Check'}
            </button>
          </div>
        </div>
      </Form>
      <div id="pd-pincode-result" aria-live="polite">
        {check?.ok === true && (
          <div className="pincode-result">
            <p className="pincode-date">
              <TruckIcon size={18} /> Delivered by <strong>{deliveryDateText(check.deliveryDate)}</strong>
            </p>
            {check.stores.length > 0 && (
              <>
                <p className="pincode-stores-title">Nearest stores</p>
                <ul className="pincode-stores">
                  {check.stores.map((store) => (
                    <li key={store.id}>
                      <strong>{store.name}</strong>
                      <span>{storeAddress(store)}</span>
                      <span className="muted">
                        {store.hours}
                        {store.phone && (
                          <>
                            {' · '}
                            <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
                          </>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {check?.ok === false && <p className="field-error pincode-error">{check.message}</p>}
      </div>
    </div>
  );
}
