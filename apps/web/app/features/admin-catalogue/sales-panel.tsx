import { Form } from 'react-router';
import type { ProductSale } from '@milli/contracts/schemas';

/** The sales not over yet, ticked when the piece is in them (the sales themselves are set up elsewhere). */
export function SalesPanel({ sales }: { sales: ProductSale[] }) {
  return (
    <section className="adm-panel cat-images" aria-labelledby="cat-sales-title">
      <div className="adm-panel__head">
        <h2 id="cat-sales-title" className="adm-panel__title">
          Sales
        </h2>
      </div>
      <div className="adm-panel__body">
        {sales.length === 0 ? (
          <p className="adm-muted">No sale is running or planned.</p>
        ) : (
          <Form method="post" className="cat-upload">
            <fieldset className="cat-checks">
              <legend className="adm-label">On sale in</legend>
              {sales.map((s) => (
                <label key={s.id} className="cat-check">
                  <input type="checkbox" name="saleIds" value={s.id} defaultChecked={s.member} /> {s.name}: {s.makingDiscountPercent} % off making, {s.startsOn}{' '}
                  to {s.endsOn}
                </label>
              ))}
            </fieldset>
            <button type="submit" name="intent" value="sales" className="adm-button adm-button--secondary">
              Save sales
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
