import type { Route } from './+types/custom-design';
import { CUSTOM_GOLD_QUALITIES, DIAMOND_QUALITIES, METAL_COLOURS, STONE_AND_METAL_FILTERS } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

const METALS = ['Gold', 'Silver', 'Platinum'];
const IMAGE_SLOTS = ['custImgOne', 'custImgTwo', 'custImgThree', 'custImgFour'] as const;
/** Gem stones offered for a custom piece: the fixed stone filters (not the metal colours) plus the catalogue's other stones. */
const BASE_STONES = STONE_AND_METAL_FILTERS.filter((s) => !s.endsWith('Gold'));

function Select({ id, label, options, required }: { id: string; label: string; options: readonly (string | number)[]; required?: boolean }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select id={id} name={id} defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ id, label, unit, step = '0.01' }: { id: string; label: string; unit?: string; step?: string }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {unit && <span className="muted"> ({unit})</span>}
      </label>
      <input id={id} name={id} type="number" min="0" step={step} inputMode="decimal" />
    </div>
  );
}

/**
 * The custom jewellery request (spec §2: title 'Manufacturer', banner 'Customize'). Field names are the
 * API's (custMetalType, …). Sending it as form data to /api/admin/cutom-jewelry/new-request, with the
 * exact success message, is a later issue.
 */
export default function CustomDesign() {
  const { categories, otherStones } = useShellData();
  const stones = [...new Set([...BASE_STONES, ...otherStones])];
  return (
    <>
      <PageBanner title="Customize" />
      <div className="section">
        <div className="container custom">
          <header className="shell-intro">
            <h2>Design a piece that is only yours</h2>
            <p className="muted">
              Tell us what you have in mind. Our designers reply within 48 hours with a CAD design for your approval;
              making starts only when you are happy with it. Fields marked * are needed to start.
            </p>
          </header>
          <form method="post" encType="multipart/form-data" className="card card-pad stack-lg">
            <fieldset className="form-section">
              <legend>Metal</legend>
              <div className="form-grid form-grid--3">
                <Select id="custMetalType" label="Metal" options={METALS} required />
                <Select id="custGoldQuality" label="Gold quality (kt)" options={CUSTOM_GOLD_QUALITIES} required />
                <NumberField id="custMetalWeight" label="Metal weight" unit="grams" />
                <Select id="custGoldColor" label="Gold colour" options={METAL_COLOURS} required />
                <Select id="custCategory" label="Category" options={categories} required />
              </div>
            </fieldset>
            <fieldset className="form-section">
              <legend>Diamond</legend>
              <div className="form-grid form-grid--3">
                <Select id="custDiamond" label="Diamond" options={['Yes', 'No']} />
                <Select id="custDiamondQuality" label="Diamond quality" options={DIAMOND_QUALITIES} />
                <NumberField id="custDiamondNo" label="Number of diamonds" step="1" />
                <NumberField id="custDiamondWeight" label="Diamond weight" unit="carats" />
              </div>
            </fieldset>
            <fieldset className="form-section">
              <legend>Stone</legend>
              <div className="form-grid form-grid--3">
                <Select id="custStone" label="Stone" options={['Yes', 'No']} required />
                <Select id="custStoneType" label="Stone type" options={stones} />
                <NumberField id="custStoneNo" label="Number of stones" step="1" />
                <NumberField id="custStoneWeight" label="Stone weight" unit="carats" />
              </div>
            </fieldset>
            <fieldset className="form-section">
              <legend>Your idea</legend>
              <div className="form-field">
                <label htmlFor="addRemarks">
                  Remarks<span aria-hidden="true"> *</span>
                </label>
                <textarea id="addRemarks" name="addRemarks" rows={5} placeholder="The occasion, a size, a memory, anything that helps our designers." />
              </div>
              <div className="image-slots">
                {IMAGE_SLOTS.map((slot, i) => (
                  <div key={slot} className="form-field image-slot">
                    <label htmlFor={slot}>
                      Image {i + 1}
                      {i === 0 && <span aria-hidden="true"> *</span>}
                    </label>
                    <input id={slot} name={slot} type="file" accept="image/*" />
                  </div>
                ))}
              </div>
              <p className="field-hint">Sketches, photographs or screenshots; images only.</p>
            </fieldset>
            <div>
              <button type="submit" className="btn btn-primary">
                Send my request
              </button>
            </div>
          </form>
        </div>
      </div>
    </>
  );
}
