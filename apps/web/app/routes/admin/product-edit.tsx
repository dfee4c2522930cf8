/**
 * The product form (/admin/products/new and /admin/products/:id, issue 17): every field, grouped; the server's
 * field messages; a live price preview from today's rates; the photos (upload, order, alt text, remove), the film
 * and the 360° turn;
 * duplicate and archive.
 */
import { data, redirect, Form, useActionData } from 'react-router';
import type { Route } from './+types/product-edit';
import { PageHeader, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';
import { FormError, SavedNotice } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { isConfirmed } from '../../lib/admin-confirm.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';
import { productBodyFrom } from '../../features/admin-catalogue/form-data.ts';
import { countryNames } from '../../features/admin-catalogue/countries.server.ts';
import { EMPTY_FORM, ProductForm, type ProductFormValues } from '../../features/admin-catalogue/product-form.tsx';
import { ImageManager, VideoManager } from '../../features/admin-catalogue/image-manager.tsx';
import { framesInOrder, SpinManager } from '../../features/admin-catalogue/spin-manager.tsx';
import { SalesPanel } from '../../features/admin-catalogue/sales-panel.tsx';
import '../../features/admin-catalogue/catalogue.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.product ? loaded.product.form.name : 'New product'} · Back office` }];

function idOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ message: 'There is no such product.' }, { status: 404 });
  return id;
}

const NOTICES: Record<string, string> = {
  created: 'Product added. Now add its photos below.',
  saved: 'Product saved.',
  duplicated: 'This is the copy, archived until you put it in the shop. Change its SKU and name if you like.',
  uploaded: 'Photos added.',
  filmed: 'Film added: the shop shows it after the pictures.',
  unfilmed: 'Film removed.',
  spun: '360° turn added: the shop turns the piece in these frames.',
  unspun: '360° turn removed.',
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = adminApi(context, request);
  const id = idOf(params);
  const product = id === null ? null : await api.get(`/api/admin/products/${id}`);
  const taxonomy = await api.get('/api/admin/taxonomy');
  const card = await api.get('/api/admin/products/price-card');
  const notice = new URL(request.url).searchParams.get('done');
  return { product, taxonomy, card, countries: countryNames(), notice: notice ? (NOTICES[notice] ?? null) : null };
}

type ActionResult =
  | { kind: 'form'; message: string; fields: Record<string, string>; values: ProductFormValues }
  | { kind: 'images'; message: string }
  | { kind: 'video'; message: string }
  | { kind: 'spin'; message: string }
  | { kind: 'notice'; ok: boolean; message: string }
  | { kind: 'confirm'; intent: string; imageId?: number };

export async function action({ request, params, context }: Route.ActionArgs): Promise<ActionResult | Response> {
  const api = adminApi(context, request);
  const id = idOf(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');

  if (intent === 'save') {
    const body = productBodyFrom(form);
    const result = id === null ? await api.send('POST', '/api/admin/products', body) : await api.send('PATCH', `/api/admin/products/${id}`, body);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(result.data.id)}?done=${id === null ? 'created' : 'saved'}`);
    return { kind: 'form', message: result.refusal.message, fields: result.refusal.fields ?? {}, values: valuesFrom(body) };
  }
  if (id === null) throw data({ message: 'Save the product first.' }, { status: 400 });

  if (intent === 'upload') {
    const upload = new FormData();
    const view = String(form.get('view') ?? '');
    for (const file of form.getAll('images')) {
      if (!(file instanceof File) || file.size === 0) continue;
      upload.append('images', file, file.name);
      // One view for every photo sent together: the API reads them in the order of the files.
      if (view) upload.append('view', view);
    }
    if (![...upload.keys()].length) return { kind: 'images', message: 'Choose at least one photo.' };
    const result = await api.send('POST', `/api/admin/products/${id}/images`, upload);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(id)}?done=uploaded`);
    return { kind: 'images', message: result.refusal.message };
  }
  if (intent === 'video') {
    const film = form.get('video');
    const poster = form.get('poster');
    if (!(film instanceof File) || film.size === 0) return { kind: 'video', message: 'Choose a film (MP4 or WebM).' };
    const upload = new FormData();
    upload.append('video', film, film.name);
    if (poster instanceof File && poster.size > 0) upload.append('poster', poster, poster.name);
    const result = await api.send('POST', `/api/admin/products/${id}/video`, upload);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(id)}?done=filmed`);
    return { kind: 'video', message: result.refusal.message };
  }
  if (intent === 'delete-video') {
    if (!isConfirmed(form)) return { kind: 'confirm', intent };
    const result = await api.send('DELETE', `/api/admin/products/${id}/video`);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(id)}?done=unfilmed`);
    return { kind: 'video', message: result.refusal.message };
  }
  if (intent === 'spin') {
    const frames = framesInOrder(form.getAll('frames').filter((f): f is File => f instanceof File && f.size > 0));
    if (frames.length === 0) return { kind: 'spin', message: 'Choose the frames of the turn.' };
    const upload = new FormData();
    for (const frame of frames) upload.append('frames', frame, frame.name);
    const result = await api.send('POST', `/api/admin/products/${id}/spin`, upload);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(id)}?done=spun`);
    return { kind: 'spin', message: result.refusal.message };
  }
  if (intent === 'delete-spin') {
    if (!isConfirmed(form)) return { kind: 'confirm', intent };
    const result = await api.send('DELETE', `/api/admin/products/${id}/spin`);
    if (result.ok) return redirect(`${ADMIN_PATHS.product(id)}?done=unspun`);
    return { kind: 'spin', message: result.refusal.message };
  }
  const imageId = Number(form.get('imageId'));
  if (intent === 'alt') {
    const result = await api.send('PATCH', `/api/admin/products/${id}/images/${imageId}`, {
      alt: String(form.get('alt') ?? ''),
      ...(form.has('view') ? { view: String(form.get('view')) } : {}),
    });
    return { kind: 'notice', ok: result.ok, message: result.ok ? 'Description saved.' : result.refusal.message };
  }
  if (intent === 'first' || intent.startsWith('move:')) {
    const position = intent === 'first' ? 0 : Number(intent.slice(5));
    const result = await api.send('PATCH', `/api/admin/products/${id}/images/${imageId}`, { position });
    return { kind: 'notice', ok: result.ok, message: result.ok ? 'Order saved.' : result.refusal.message };
  }
  if (intent === 'delete-image') {
    if (!isConfirmed(form)) return { kind: 'confirm', intent, imageId };
    const result = await api.send('DELETE', `/api/admin/products/${id}/images/${imageId}`);
    return { kind: 'notice', ok: result.ok, message: result.ok ? 'Photo removed.' : result.refusal.message };
  }
  if (intent === 'sales') {
    const saleIds = form
      .getAll('saleIds')
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n > 0);
    const result = await api.send('PUT', `/api/admin/products/${id}/sales`, { saleIds });
    return { kind: 'notice', ok: result.ok, message: result.ok ? 'Sales saved.' : result.refusal.message };
  }
  if (intent === 'duplicate') {
    const result = await api.send('POST', `/api/admin/products/${id}/duplicate`, {});
    if (result.ok) return redirect(`${ADMIN_PATHS.product(result.data.id)}?done=duplicated`);
    return { kind: 'notice', ok: false, message: result.refusal.message };
  }
  if (intent === 'archive' || intent === 'restore') {
    if (intent === 'archive' && !isConfirmed(form)) return { kind: 'confirm', intent };
    const result = await api.send('POST', `/api/admin/products/${id}/${intent}`);
    return {
      kind: 'notice',
      ok: result.ok,
      message: result.ok ? (intent === 'archive' ? 'Archived: it is no longer in the shop.' : 'Restored: it is in the shop again.') : result.refusal.message,
    };
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}

/** The posted form back as the form's values, so a refused form keeps what was typed. */
function valuesFrom(body: Record<string, unknown>): ProductFormValues {
  const s = (k: string) => (typeof body[k] === 'string' && body[k] !== '' ? (body[k] as string) : null);
  const n = (k: string) => (s(k) === null || !Number.isFinite(Number(s(k))) ? null : Number(s(k)));
  const list = (k: string) => (Array.isArray(body[k]) ? (body[k] as string[]) : []);
  return {
    ...EMPTY_FORM,
    sku: s('sku') ?? '',
    name: s('name') ?? '',
    slug: s('slug'),
    description: s('description') ?? '',
    category: s('category') ?? '',
    tags: list('tags'),
    stones: list('stones'),
    material: s('material') ?? 'Gold',
    metal: s('metal') ?? 'gold',
    purity: n('purity'),
    purities: list('purities').map(Number),
    metalColour: s('metalColour'),
    metalColours: list('metalColours'),
    metalWeightG: n('metalWeightG'),
    fixedPrice: n('fixedPrice'),
    makingChargeKind: (s('makingChargeKind') as ProductFormValues['makingChargeKind']) ?? 'fixed',
    makingCharge: n('makingCharge'),
    diamondWeightCt: n('diamondWeightCt'),
    diamondCount: n('diamondCount'),
    diamondQuality: s('diamondQuality'),
    diamondQualities: list('diamondQualities'),
    stoneValue: n('stoneValue'),
    stoneWeightCt: n('stoneWeightCt'),
    colour: s('colour'),
    sizeKind: s('sizeKind'),
    sizes: (s('sizes') ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    hallmarked: body.hallmarked === true,
    countryOfOrigin: s('countryOfOrigin') ?? 'India',
    stock: n('stock') ?? 0,
    occasion: s('occasion'),
    giftOccasions: list('giftOccasions'),
    giftRecipients: list('giftRecipients'),
    gender: s('gender'),
    featuredRank: n('featuredRank'),
    active: body.active === true,
  };
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const { product, taxonomy, card, countries, notice } = loaderData;
  const result = useActionData<typeof action>();
  const refused = result && 'kind' in result && result.kind === 'form' ? result : null;
  const values = refused?.values ?? product?.form ?? EMPTY_FORM;
  const other = result && 'kind' in result && result.kind === 'notice' ? result : null;
  const confirmed = result && 'kind' in result && result.kind === 'confirm' ? result : null;
  const confirm = confirmed?.intent ?? null;
  return (
    <>
      <PageHeader
        title={product ? product.form.name : 'New product'}
        back={{ to: ADMIN_PATHS.products, label: 'Products' }}
        description={
          product ? (
            <>
              SKU {product.form.sku} · {product.form.active ? <StatusBadge tone="success">In the shop</StatusBadge> : <StatusBadge>Archived</StatusBadge>}{' '}
              {product.form.active && (
                <a href={`/product-detail/${product.id}`} className="adm-link">
                  See it in the shop
                </a>
              )}
            </>
          ) : (
            'Fields marked * are required. Photos are added once the product is saved.'
          )
        }
        actions={
          product ? (
            <Form method="post" className="adm-page-actions">
              <button type="submit" name="intent" value="duplicate" className="adm-button adm-button--secondary">
                Duplicate
              </button>
              {product.form.active ? (
                <ConfirmAction intent="archive" label="Archive" title={`Archive ${product.form.name}?`} confirmLabel="Archive" open={confirm === 'archive'}>
                  <p>It leaves the shop at once. You can restore it later.</p>
                </ConfirmAction>
              ) : (
                <button type="submit" name="intent" value="restore" className="adm-button adm-button--secondary">
                  Restore
                </button>
              )}
            </Form>
          ) : undefined
        }
      />
      {!refused && <SavedNotice message={notice} />}
      {other && (other.ok ? <SavedNotice message={other.message} /> : <FormError message={other.message} />)}
      <ProductForm
        key={product?.updatedAt ?? 'new'}
        values={values}
        taxonomy={taxonomy}
        card={card}
        countries={countries}
        errors={refused?.fields ?? {}}
        formError={refused ? 'Please check the fields marked below.' : null}
        submitLabel={product ? 'Save product' : 'Add product'}
      />
      {product && <SalesPanel sales={product.sales} />}
      {product && (
        <ImageManager
          images={product.images}
          productName={product.form.name}
          error={result && 'kind' in result && result.kind === 'images' ? result.message : undefined}
          confirmImageId={confirm === 'delete-image' ? (confirmed?.imageId ?? null) : null}
        />
      )}
      {product && (
        <VideoManager
          video={product.video}
          firstView={product.image}
          error={result && 'kind' in result && result.kind === 'video' ? result.message : undefined}
          confirm={confirm === 'delete-video'}
        />
      )}
      {product && (
        <SpinManager
          spin={product.spin}
          name={product.form.name}
          error={result && 'kind' in result && result.kind === 'spin' ? result.message : undefined}
          confirm={confirm === 'delete-spin'}
        />
      )}
    </>
  );
}
