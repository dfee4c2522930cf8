/**
 * The product form (issue 17): every field of the product, grouped as a jeweller thinks of a piece, with the
 * server's field messages and a live price preview from today's rates. Works without JavaScript (a plain POST);
 * with it, the tag list narrows to the chosen category and the price follows the typing.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { AdminProduct, PriceCard, Taxonomy } from '@milli/contracts/schemas';
import { AdminForm, Checkbox, FieldGroup, FormActions, NumberField, Select, SubmitButton, TextField, Field } from '../../components/admin/form-kit.tsx';
import type { ProductFieldName } from './form-data.ts';
import {
  COLOUR_OPTIONS,
  DIAMOND_QUALITY_LIST,
  DIAMOND_QUALITY_OPTIONS,
  GENDER_OPTIONS,
  GIFT_OCCASION_LIST,
  GIFT_RECIPIENT_LIST,
  GOLD_PURITIES,
  MAKING_KIND_OPTIONS,
  MATERIAL_OPTIONS,
  METAL_COLOUR_LIST,
  METAL_COLOUR_OPTIONS,
  METAL_OPTIONS,
  PURITY_OPTIONS,
  SIZE_KIND_OPTIONS,
} from './options.ts';
import { PricePreview, previewInputOf, type PreviewInput } from './price-preview.tsx';

export type ProductFormValues = AdminProduct['form'];
type Errors = Partial<Record<ProductFieldName | string, string>>;

export const EMPTY_FORM: ProductFormValues = {
  sku: '',
  name: '',
  slug: null,
  description: '',
  category: '',
  tags: [],
  stones: [],
  material: 'Gold',
  metal: 'gold',
  purity: 22,
  purities: [],
  metalColour: 'Yellow Gold',
  metalColours: [],
  metalWeightG: null,
  fixedPrice: null,
  makingChargeKind: 'percent',
  makingCharge: null,
  diamondWeightCt: null,
  diamondCount: null,
  diamondQuality: null,
  diamondQualities: [],
  stoneValue: null,
  stoneWeightCt: null,
  colour: null,
  sizeKind: null,
  sizes: [],
  sizeWeightsG: [],
  hallmarked: true,
  countryOfOrigin: 'India',
  stock: 1,
  occasion: null,
  giftOccasions: [],
  giftRecipients: [],
  gender: null,
  featuredRank: null,
  active: true,
};

const FORM_ID = 'cat-product-form';

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function Checks({
  name,
  legend,
  options,
  chosen,
  error,
}: {
  name: string;
  legend: string;
  options: readonly (string | number)[];
  chosen: readonly (string | number)[];
  error?: string | undefined;
}) {
  const set = new Set(chosen.map(String));
  return (
    <fieldset className={`cat-checks adm-field adm-field--wide${error ? ' adm-field--invalid' : ''}`}>
      <legend className="adm-label">{legend}</legend>
      <div className="cat-checks__row">
        {options.map((o) => (
          <label key={String(o)} className="cat-check">
            <input type="checkbox" name={name} value={String(o)} defaultChecked={set.has(String(o))} /> {name === 'purities' ? `${o} kt` : String(o)}
          </label>
        ))}
      </div>
      {error && <p className="adm-error">{error}</p>}
    </fieldset>
  );
}

export function ProductForm({
  values,
  taxonomy,
  card,
  errors,
  formError,
  saved,
  submitLabel,
  countries,
}: {
  values: ProductFormValues;
  /** Issue 38: the names a country of origin is chosen from (features/admin-catalogue/countries.server.ts). */
  countries: readonly string[];
  taxonomy: Taxonomy;
  card: PriceCard;
  errors: Errors;
  formError?: string | null | undefined;
  saved?: string | null | undefined;
  submitLabel: string;
}) {
  const initial: PreviewInput = {
    metal: values.metal,
    purity: text(values.purity),
    metalWeightG: text(values.metalWeightG),
    fixedPrice: text(values.fixedPrice),
    makingChargeKind: values.makingChargeKind,
    makingCharge: text(values.makingCharge),
    stoneValue: text(values.stoneValue),
    diamondWeightCt: text(values.diamondWeightCt),
    diamondQuality: text(values.diamondQuality),
  };
  const [preview, setPreview] = useState(initial);
  const [category, setCategory] = useState(values.category);
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    setPreview(previewInputOf(data));
    const c = data.get('category');
    if (typeof c === 'string') setCategory(c);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => read(event.currentTarget);
  // What was typed before the page's script ran counts too.
  useEffect(() => {
    const form = document.getElementById(FORM_ID);
    if (form instanceof HTMLFormElement) read(form);
  }, []);
  const categories = taxonomy.categories.map((c) => ({ value: c.name, label: c.name }));
  const tagGroups = taxonomy.categories
    .map((c) => ({ category: c.name, tags: taxonomy.tags.filter((t) => t.categoryId === c.id) }))
    .filter((g) => g.tags.length > 0 && (!category || g.category === category));
  const chosenTags = new Set(values.tags);

  return (
    <div className="cat-form-layout">
      <AdminForm id={FORM_ID} error={formError} saved={saved} onChange={onChange} aria-label="Product" className="cat-form">
        <input type="hidden" name="intent" value="save" />
        <FieldGroup legend="The piece">
          <TextField name="name" label="Name" defaultValue={values.name} error={errors.name} required maxLength={120} size="wide" />
          <TextField name="sku" label="SKU" defaultValue={values.sku} error={errors.sku} required maxLength={40} hint="Letters, digits, dashes; unique." />
          <TextField name="slug" label="Web address" defaultValue={values.slug} error={errors.slug} maxLength={140} hint="Made from the name when empty." />
          <Select
            name="category"
            label="Category"
            options={categories}
            defaultValue={values.category}
            placeholder="Choose a category"
            error={errors.category}
            required
          />
          <Select
            name="material"
            label="Listed under"
            options={MATERIAL_OPTIONS}
            defaultValue={values.material}
            error={errors.material}
            required
            hint="The menu's material."
          />
          <TextField
            name="description"
            label="Description"
            defaultValue={values.description}
            error={errors.description}
            multiline
            rows={4}
            maxLength={5000}
            size="wide"
          />
        </FieldGroup>

        <FieldGroup legend="Metal" description="Gold comes in 14, 18, 22 or 24 kt; platinum is 950 and silver 925.">
          <Select name="metal" label="Metal" options={METAL_OPTIONS} defaultValue={values.metal} error={errors.metal} />
          <Select
            name="purity"
            label="Default purity"
            options={PURITY_OPTIONS}
            defaultValue={text(values.purity)}
            error={errors.purity}
            placeholder="The metal's usual"
          />
          <NumberField
            name="metalWeightG"
            label="Metal weight"
            unit="g"
            step="any"
            min={0}
            defaultValue={values.metalWeightG}
            error={errors.metalWeightG}
            hint="Grams, up to 3 decimals. A chain weighed by length: its first length's (may be left empty)."
          />
          <Select
            name="metalColour"
            label="Default colour"
            options={METAL_COLOUR_OPTIONS}
            defaultValue={text(values.metalColour)}
            placeholder="None (platinum, silver)"
            error={errors.metalColour}
          />
          <Checks name="purities" legend="Purities offered (gold)" options={GOLD_PURITIES} chosen={values.purities} error={errors.purities} />
          <Checks name="metalColours" legend="Colours offered (gold)" options={METAL_COLOUR_LIST} chosen={values.metalColours} error={errors.metalColours} />
          {/* Issue 38: each piece's HUID is recorded when its order is packed; the product says only whether it is hallmarked. */}
          <Checkbox
            name="hallmarked"
            label="BIS hallmarked"
            hint="Gold always; silver when it was hallmarked; platinum never. Each piece's HUID is recorded when its order is packed."
            defaultChecked={values.hallmarked}
            error={errors.hallmarked}
          />
          <Select
            name="countryOfOrigin"
            label="Country of origin"
            options={countries.map((c) => ({ value: c, label: c }))}
            defaultValue={values.countryOfOrigin}
            error={errors.countryOfOrigin}
            hint="Where the piece was made, shown on the product page and the invoice (E-Commerce Rules 2020)."
            required
          />
        </FieldGroup>

        <FieldGroup legend="Price" description="Weighed pieces are priced from today's rates; a piece without a weight has a fixed price.">
          <Select
            name="makingChargeKind"
            label="Making charges as"
            options={MAKING_KIND_OPTIONS}
            defaultValue={values.makingChargeKind}
            error={errors.makingChargeKind}
          />
          <NumberField
            name="makingCharge"
            label="Making charge"
            step="any"
            min={0}
            defaultValue={values.makingCharge}
            error={errors.makingCharge}
            hint="₹ for a sum, % of the metal (2 decimals), or ₹ per gram."
          />
          <NumberField
            name="fixedPrice"
            label="Fixed price"
            unit="₹"
            step="any"
            min={0}
            defaultValue={values.fixedPrice}
            error={errors.fixedPrice}
            hint="Only for pieces sold without a weight (GST included)."
          />
          <NumberField name="stoneValue" label="Stone value" unit="₹" step="any" min={0} defaultValue={values.stoneValue} error={errors.stoneValue} />
          <NumberField
            name="stoneWeightCt"
            label="Stone weight"
            unit="ct"
            step="any"
            min={0}
            defaultValue={values.stoneWeightCt}
            error={errors.stoneWeightCt}
          />
        </FieldGroup>

        <FieldGroup legend="Diamonds">
          <NumberField
            name="diamondWeightCt"
            label="Diamond weight"
            unit="ct"
            step="any"
            min={0}
            defaultValue={values.diamondWeightCt}
            error={errors.diamondWeightCt}
          />
          <NumberField name="diamondCount" label="Number of diamonds" min={0} defaultValue={values.diamondCount} error={errors.diamondCount} />
          <Select
            name="diamondQuality"
            label="Default quality"
            options={DIAMOND_QUALITY_OPTIONS}
            defaultValue={text(values.diamondQuality)}
            placeholder="None"
            error={errors.diamondQuality}
          />
          <Checks
            name="diamondQualities"
            legend="Qualities offered"
            options={DIAMOND_QUALITY_LIST}
            chosen={values.diamondQualities}
            error={errors.diamondQualities}
          />
        </FieldGroup>

        <FieldGroup legend="Style and search">
          <Field label="Tags" error={errors.tags} size="wide" hint="Styles of the chosen category. Hold Ctrl (⌘) to choose several.">
            {(control) => (
              <select {...control} name="tags" multiple defaultValue={[...chosenTags]} className="adm-input adm-select cat-multi" size={6}>
                {tagGroups.map((g) => (
                  <optgroup key={g.category} label={g.category}>
                    {g.tags.map((t) => (
                      <option key={t.id} value={t.name}>
                        {t.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <Checks name="stones" legend="Other stones" options={taxonomy.stones.map((s) => s.name)} chosen={values.stones} error={errors.stones} />
          <Select name="colour" label="Colour filter" options={COLOUR_OPTIONS} defaultValue={text(values.colour)} placeholder="None" error={errors.colour} />
          <TextField
            name="occasion"
            label="Worn for"
            defaultValue={values.occasion}
            error={errors.occasion}
            maxLength={40}
            hint="Wedding, Daily, Festive, Office …"
          />
          <Select name="gender" label="For" options={GENDER_OPTIONS} defaultValue={text(values.gender)} placeholder="Anyone" error={errors.gender} />
          <Checks name="giftOccasions" legend="Gift occasions" options={GIFT_OCCASION_LIST} chosen={values.giftOccasions} error={errors.giftOccasions} />
          <Checks name="giftRecipients" legend="Gift for" options={GIFT_RECIPIENT_LIST} chosen={values.giftRecipients} error={errors.giftRecipients} />
        </FieldGroup>

        <FieldGroup legend="Sizes and stock">
          <Select
            name="sizeKind"
            label="Size kind"
            options={SIZE_KIND_OPTIONS}
            defaultValue={text(values.sizeKind)}
            placeholder="No size"
            error={errors.sizeKind}
          />
          <TextField
            name="sizes"
            label="Sizes offered"
            defaultValue={values.sizes.join(', ')}
            error={errors.sizes}
            hint="Separated by commas: 10, 12, 14 or 2.4, 2.6."
          />
          <TextField
            name="sizeWeightsG"
            label="Weight of each length"
            defaultValue={values.sizeWeightsG.join(', ')}
            error={errors.sizeWeightsG}
            hint="Chains sold in lengths only: grams for each length, in the order of the sizes (5.58, 6.28, 8.37). The first is the metal weight."
          />
          <NumberField name="stock" label="In stock" min={0} defaultValue={values.stock} error={errors.stock} />
          <NumberField
            name="featuredRank"
            label="Featured rank"
            min={1}
            defaultValue={values.featuredRank}
            error={errors.featuredRank}
            hint="Lower comes first; empty for none."
          />
          <Checkbox name="active" label="In the shop (untick to archive)" defaultChecked={values.active} error={errors.active} />
        </FieldGroup>

        <FormActions>
          <SubmitButton pending="Saving…">{submitLabel}</SubmitButton>
        </FormActions>
      </AdminForm>
      <PricePreview input={preview} card={card} />
    </div>
  );
}
