import { data } from 'react-router';
import type { Route } from './+types/product-detail';
import { DIAMOND_QUALITIES, GOLD_QUALITIES, MESSAGES, METAL_COLOURS, SIZE_OPTIONS, type ProductDetail } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { ApiError, serverApi } from '../lib/api.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(loaded?.product?.product_name ?? 'Product Details') },
];

/**
 * GET /api/product/find-by-id/{id}: an unknown product is a 404 page; any other failure leaves the
 * layout with a message instead of the product.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const answer = await serverApi(context).get<{ data: ProductDetail }>(`/api/product/find-by-id/${params.id}`);
    return { product: answer?.data ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    return { product: null };
  }
}

const MATERIALS = ['Gold', 'Diamond', 'Silver', 'Stone'];

function RadioRow({ name, legend, options, defaultValue }: { name: string; legend: string; options: readonly (string | number)[]; defaultValue?: string | number }) {
  return (
    <fieldset className="pd-options">
      <legend>{legend}</legend>
      <div className="chip-row">
        {options.map((o) => (
          <span key={o} className="chip">
            <input id={`pd-${name}-${o}`} type="radio" name={name} value={o} defaultChecked={o === defaultValue} data-reveals={name === 'material' && o === 'Diamond' ? '' : undefined} />
            <label htmlFor={`pd-${name}-${o}`}>{typeof o === 'number' ? `${o}kt` : o}</label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Product detail: the layout of spec §2 around the real product. The price breakup, option pricing,
 * pincode check, sizer request and Add to Cart arrive with the product page issue.
 */
export default function ProductDetailScreen({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const { settings } = useShellData();
  const tags = product?.product_tags.split(',').map((t) => t.trim()).filter(Boolean) ?? [];
  return (
    <>
      <PageBanner title="Product Details" parents={[{ label: 'Products', href: '/alljewellery' }]} crumb={product?.product_name ?? 'Product'} />
      <div className="section">
        <div className="container pd">
          <div className="pd-gallery">
            <div className="pd-image">
              {product && <img src={product.product_parent_image || '/placeholder-jewel.svg'} alt={product.product_name} width={640} height={640} />}
            </div>
            <ul className="pd-certs" aria-label="Certification">
              <li>BIS Hallmarked</li>
              <li>Certified Jewellery</li>
            </ul>
          </div>

          <div className="pd-info">
            {!product ? (
              <p className="alert-error" role="alert">
                We could not load this piece just now. Please try again in a moment.
              </p>
            ) : (
              <>
                <span className="section-eyebrow">{product.product_category === 'Fingerring' ? 'Rings' : product.product_category}</span>
                <h2 className="pd-name">{product.product_name}</h2>
                <p className="muted">{product.product_review_count} Reviews</p>
                <p className="pd-price price">{formatRupees(product.product_price_paise)}</p>
                <dl className="pd-facts">
                  <dt>Availability</dt>
                  <dd>{product.product_stock_status}</dd>
                  <dt>SKU</dt>
                  <dd>{product.product_sku}</dd>
                  {tags.length > 0 && (
                    <>
                      <dt>Tags</dt>
                      <dd>{tags.join(', ')}</dd>
                    </>
                  )}
                </dl>
              </>
            )}

            <form method="get" className="pd-pincode">
              <div className="form-field">
                <label htmlFor="pd-pincode">{MESSAGES.pincodePrompt}</label>
                <div className="inline-field">
                  <input id="pd-pincode" name="pincode" type="text" inputMode="numeric" maxLength={6} autoComplete="postal-code" />
                  <button type="submit" className="btn btn-outline">
                    Check
                  </button>
                </div>
              </div>
            </form>

            <form method="post" className="pd-choose">
              <div className="reveal-toggle">
                <RadioRow name="material" legend="Material" options={MATERIALS} defaultValue="Gold" />
              </div>
              <div className="reveal">
                <RadioRow name="diamondQuality" legend="Diamond quality" options={DIAMOND_QUALITIES} />
              </div>
              <RadioRow name="colour" legend="Colour" options={METAL_COLOURS} defaultValue="Yellow Gold" />
              <RadioRow name="purity" legend="Gold quality" options={GOLD_QUALITIES} defaultValue={22} />
              <div className="form-grid">
                <div className="form-field">
                  <label htmlFor="pd-size">Size</label>
                  <select id="pd-size" name="size" defaultValue="">
                    <option value="">Choose a size</option>
                    {SIZE_OPTIONS.map((s) => (
                      <option key={s} value={s}>
                        {s}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-field">
                  <label htmlFor="pd-qty">Quantity</label>
                  <input id="pd-qty" name="quantity" type="number" min="1" step="1" defaultValue={1} />
                </div>
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={!product}>
                Add to Cart
              </button>
            </form>

            <ul className="pd-notes">
              <li>Product will be delivered in {settings.deliveryDays} days</li>
              <li>{settings.returnWindowDays} day returnable</li>
              <li>Life time exchange &amp; buyback</li>
              <li>Certified Jewellery</li>
            </ul>
          </div>

          {product && (
            <div className="pd-more">
              <section aria-labelledby="pd-details-title">
                <h2 id="pd-details-title" className="shell-h3">
                  Details
                </h2>
                <p>{product.product_description}</p>
              </section>
              <section aria-labelledby="pd-info-title">
                <h2 id="pd-info-title" className="shell-h3">
                  Additional Info
                </h2>
                <table className="table table--facts">
                  <tbody>
                    <tr>
                      <th scope="row">Metal</th>
                      <td>{product.product_metal}</td>
                    </tr>
                    {product.product_purity !== null && (
                      <tr>
                        <th scope="row">Purity</th>
                        <td>{product.product_purity} kt</td>
                      </tr>
                    )}
                    {product.product_metal_weight_g !== null && (
                      <tr>
                        <th scope="row">Metal weight</th>
                        <td>{product.product_metal_weight_g} g</td>
                      </tr>
                    )}
                    {product.product_huid && (
                      <tr>
                        <th scope="row">HUID</th>
                        <td>{product.product_huid}</td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </section>
            </div>
          )}
        </div>
      </div>
    </>
  );
}
