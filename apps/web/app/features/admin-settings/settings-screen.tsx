import type { AdminSettings } from '@milli/contracts/schemas';
import { COD_LIMIT_CEILING_PAISE } from '@milli/contracts/schemas';
import { EXAMPLE_GSTIN } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';
import { PageHeader } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, FieldGroup, FormActions, MoneyField, NumberField, Select, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { parseRupees } from '../../lib/admin-form.ts';
import { savedMessage, type SettingsActionResult } from './settings-model.ts';

/**
 * The store settings (/admin/settings, owner only), grouped as the owner thinks of them: the store and how to
 * reach it, orders and delivery, tax and invoices, payments, and staff security. The whole form is saved at once;
 * the server says what changed and gives a message under any field it refuses.
 */
export function SettingsScreen({ settings, result }: { settings: AdminSettings; result: SettingsActionResult | undefined }) {
  const typed = result?.values;
  const errors = result?.errors ?? {};
  const text = (field: keyof AdminSettings) => (typed ? String(typed[field] ?? '') : String(settings[field]));
  const number = (field: keyof AdminSettings) => {
    const value = typed ? Number(String(typed[field] ?? '').replace(/,/g, '')) : Number(settings[field]);
    return Number.isFinite(value) ? value : null;
  };
  const money = (field: 'shippingFeePaise' | 'hallmarkingChargePaise' | 'codLimitPaise') => {
    if (!typed) return settings[field];
    const paise = parseRupees(String(typed[field] ?? ''));
    return paise === null || Number.isNaN(paise) ? null : paise;
  };
  return (
    <>
      <PageHeader title="Store settings" description="What the shop tells its customers, charges and prints, and how staff sign in." />
      {/* Keyed by the saved row, so the boxes show what the server now holds after a save. */}
      <AdminForm key={`${settings.updatedAt}:${typed ? 'typed' : 'saved'}`} error={result?.message} saved={savedMessage(result)} aria-label="Store settings">
        <FieldGroup legend="Store & contact">
          <TextField name="storeName" label="Store name" defaultValue={text('storeName')} error={errors.storeName} maxLength={100} required />
          <TextField
            name="helpLine"
            label="Help line"
            type="tel"
            defaultValue={text('helpLine')}
            error={errors.helpLine}
            hint="Shown in the footer and in every mail."
            required
          />
          <TextField name="emailPrimary" label="Main e-mail" type="email" defaultValue={text('emailPrimary')} error={errors.emailPrimary} required />
          <TextField
            name="emailSecondary"
            label="Second e-mail"
            type="email"
            defaultValue={text('emailSecondary')}
            error={errors.emailSecondary}
            hint="Optional."
          />
          <TextField
            name="officeAddress"
            label="Office address"
            multiline
            rows={3}
            size="wide"
            defaultValue={text('officeAddress')}
            error={errors.officeAddress}
            required
          />
        </FieldGroup>

        <FieldGroup legend="Orders & delivery">
          <NumberField
            name="returnWindowDays"
            label="Return window"
            unit="days"
            min={0}
            max={90}
            defaultValue={number('returnWindowDays')}
            error={errors.returnWindowDays}
            required
          />
          <NumberField
            name="deliveryDays"
            label="Delivery time"
            unit="days"
            min={1}
            max={120}
            defaultValue={number('deliveryDays')}
            error={errors.deliveryDays}
            required
          />
          <MoneyField name="shippingFeePaise" label="Shipping fee" defaultPaise={money('shippingFeePaise')} error={errors.shippingFeePaise} required />
          <MoneyField
            name="hallmarkingChargePaise"
            label="Hallmarking charge"
            hint="BIS hallmarking and HUID fee per hallmarked piece, part of its making charges."
            defaultPaise={money('hallmarkingChargePaise')}
            error={errors.hallmarkingChargePaise}
            required
          />
          <NumberField
            name="cadAdvancePercent"
            label="CAD design advance"
            unit="%"
            min={0}
            max={100}
            defaultValue={number('cadAdvancePercent')}
            error={errors.cadAdvancePercent}
            required
          />
          <NumberField
            name="lowStockThreshold"
            label="Low stock at"
            unit="pieces"
            min={0}
            max={1000}
            hint="The dashboard lists products with this many pieces or fewer."
            defaultValue={number('lowStockThreshold')}
            error={errors.lowStockThreshold}
            required
          />
        </FieldGroup>

        <FieldGroup legend="Tax & invoice" description="Printed on every tax invoice. Changing the GST rate reprices every piece at once.">
          <NumberField
            name="gstPercent"
            label="GST on jewellery"
            unit="%"
            min={0}
            max={28}
            step={0.01}
            defaultValue={number('gstPercent')}
            error={errors.gstPercent}
            required
          />
          <TextField
            name="invoicePrefix"
            label="Invoice number prefix"
            defaultValue={text('invoicePrefix')}
            error={errors.invoicePrefix}
            hint="2 to 4 capital letters or digits: invoices are numbered MIL/2627/000001."
            maxLength={4}
            required
          />
          <TextField name="sellerLegalName" label="Legal name" size="wide" defaultValue={text('sellerLegalName')} error={errors.sellerLegalName} required />
          <TextField
            name="sellerGstin"
            label="GSTIN"
            defaultValue={text('sellerGstin')}
            error={errors.sellerGstin}
            maxLength={15}
            hint={`15 characters, e.g. ${EXAMPLE_GSTIN}.`}
            required
          />
          <TextField name="sellerState" label="State" defaultValue={text('sellerState')} error={errors.sellerState} required />
          <TextField
            name="sellerStateCode"
            label="State code"
            defaultValue={text('sellerStateCode')}
            error={errors.sellerStateCode}
            hint="The GSTIN’s first two digits."
            maxLength={2}
            inputMode="numeric"
            required
          />
          <TextField
            name="bisRegistration"
            label="BIS registration number"
            defaultValue={text('bisRegistration')}
            error={errors.bisRegistration}
            hint="As on the BIS certificate of registration for selling hallmarked jewellery: HM/C- and ten digits (HM/C-5190012345). Shown in the footer, beside each piece’s hallmark and on the tax invoice; leave it empty until the store has one, and nothing is shown."
            maxLength={20}
          />
        </FieldGroup>

        <FieldGroup legend="Payments">
          <MoneyField
            name="codLimitPaise"
            label="Pay on delivery up to"
            hint={`Orders below this may be paid in cash on delivery. Always below ${formatRupees(COD_LIMIT_CEILING_PAISE, { decimals: false })} (2 lakh): cash of 2 lakh or more may not be taken.`}
            defaultPaise={money('codLimitPaise')}
            error={errors.codLimitPaise}
            required
          />
          <NumberField
            name="paymentHoldMinutes"
            label="Hold unpaid orders for"
            unit="minutes"
            min={5}
            max={1440}
            step={1}
            hint="An order waiting for its online payment keeps its pieces this long; then it lapses and they go back on sale."
            defaultValue={number('paymentHoldMinutes')}
            error={errors.paymentHoldMinutes}
            required
          />
          <NumberField
            name="weightTolerancePercent"
            label="Weight tolerance at packing"
            unit="%"
            min={0}
            max={10}
            step={0.01}
            hint="A packed piece whose net weight differs from the weight sold by more than this is charged (heavier) or refunded (lighter) at the line’s metal rate per gram, once the accounts desk approves."
            defaultValue={number('weightTolerancePercent')}
            error={errors.weightTolerancePercent}
            required
          />
          <NumberField
            name="packingTolerancePercent"
            label="Packing tolerance"
            unit="%"
            min={0}
            max={25}
            step={0.01}
            hint="A packed piece further than this from the weight sold is flagged to the accounts desk as out of tolerance; a made-to-order piece must be weighed again."
            defaultValue={number('packingTolerancePercent')}
            error={errors.packingTolerancePercent}
            required
          />
        </FieldGroup>

        <FieldGroup legend="After the sale">
          <NumberField
            name="exchangePercent"
            label="Lifetime exchange value"
            unit="% of today’s metal value"
            min={0}
            max={100}
            step={1}
            hint="What the metal of a piece bought here is worth towards a new one, at today’s rate."
            defaultValue={number('exchangePercent')}
            error={errors.exchangePercent}
            required
          />
          <NumberField
            name="buybackPercent"
            label="Buy-back value"
            unit="% of today’s metal value"
            min={0}
            max={100}
            step={1}
            hint="What the store pays for the metal of a piece bought here, at today’s rate."
            defaultValue={number('buybackPercent')}
            error={errors.buybackPercent}
            required
          />
          <NumberField
            name="diamondExchangePercent"
            label="Diamonds in exchange"
            unit="% of today’s diamond value"
            min={0}
            max={100}
            step={1}
            hint="Diamonds of a piece bought here, at today’s diamond rate for their quality. Making, coloured stones and GST are never given back."
            defaultValue={number('diamondExchangePercent')}
            error={errors.diamondExchangePercent}
            required
          />
          <NumberField
            name="diamondBuybackPercent"
            label="Diamonds at buy-back"
            unit="% of today’s diamond value"
            min={0}
            max={100}
            step={1}
            hint="What the store pays for the diamonds of a piece bought here."
            defaultValue={number('diamondBuybackPercent')}
            error={errors.diamondBuybackPercent}
            required
          />
          <NumberField
            name="tradeInPercent"
            label="Old gold trade-in"
            unit="% of today’s rate"
            min={0}
            max={100}
            step={1}
            hint="The estimate for gold bought elsewhere, until it is tested in store."
            defaultValue={number('tradeInPercent')}
            error={errors.tradeInPercent}
            required
          />
          <NumberField
            name="appointmentSlotCapacity"
            label="Appointments per slot"
            min={1}
            max={50}
            step={1}
            hint="How many store visits (or video calls) one store takes in the same slot."
            defaultValue={number('appointmentSlotCapacity')}
            error={errors.appointmentSlotCapacity}
            required
          />
        </FieldGroup>

        <FieldGroup legend="Rate lock (advance booking)">
          <NumberField
            name="rateLockAdvancePercent"
            label="Advance"
            unit="% of the locked metal’s value"
            min={1}
            max={100}
            step={1}
            hint="What a shopper pays through the gateway to lock the day’s rate; it counts toward what they buy under the lock."
            defaultValue={number('rateLockAdvancePercent')}
            error={errors.rateLockAdvancePercent}
            required
          />
          <TextField
            name="rateLockPeriods"
            label="Periods offered"
            hint="Days, separated by commas: 30, 90, 180."
            defaultValue={text('rateLockPeriods')}
            error={errors.rateLockPeriods}
            maxLength={40}
            required
          />
          <NumberField
            name="rateLockMaxMg"
            label="Cap on grams"
            unit="g per shopper at a time"
            min={1}
            max={10000}
            step="any"
            hint="The most metal one shopper’s locks may hold at once."
            defaultValue={typed ? number('rateLockMaxMg') : settings.rateLockMaxMg / 1000}
            error={errors.rateLockMaxMg}
            required
          />
          <Select
            name="rateLockUnusedAdvance"
            label="Unused advance at the end"
            options={[
              { value: 'refund', label: 'Refunded to the shopper' },
              { value: 'keep', label: 'Kept by the store' },
            ]}
            hint="Applies to locks taken from now on; the terms page states it."
            defaultValue={text('rateLockUnusedAdvance')}
            error={errors.rateLockUnusedAdvance}
          />
        </FieldGroup>

        <FieldGroup legend="Metal account (old gold assayed)">
          <NumberField
            name="metalMeltingLossPerMille"
            label="Melting loss"
            unit="per mille of the fine gold"
            min={0}
            max={200}
            step={1}
            hint="Taken off the fine gold of old gold at the assay: 20 is 2 %. Applies to assays from now on."
            defaultValue={number('metalMeltingLossPerMille')}
            error={errors.metalMeltingLossPerMille}
            required
          />
          <NumberField
            name="metalAssayMaxMg"
            label="Most per assay"
            unit="g of old gold (gross)"
            min={1}
            max={10000}
            step="any"
            hint="The assay desk records larger lots as separate assays."
            defaultValue={typed ? number('metalAssayMaxMg') : settings.metalAssayMaxMg / 1000}
            error={errors.metalAssayMaxMg}
            required
          />
        </FieldGroup>

        <FieldGroup legend="Backups">
          <NumberField
            name="backupRetentionDays"
            label="Keep nightly backups for"
            unit="days"
            min={1}
            max={365}
            step={1}
            hint="When the store keeps its files in an S3 bucket, a backup of the database goes there every night; older ones are deleted."
            defaultValue={number('backupRetentionDays')}
            error={errors.backupRetentionDays}
            required
          />
        </FieldGroup>

        <FieldGroup legend="Security">
          <Checkbox
            name="staffTwoFactorRequired"
            label="Every staff member signs in with an authenticator app"
            hint="Members without one are asked to set it up before they can do anything else."
            defaultChecked={typed ? typed.staffTwoFactorRequired === true : settings.staffTwoFactorRequired}
            error={errors.staffTwoFactorRequired}
          />
        </FieldGroup>

        <FormActions>
          <SubmitButton pending="Saving…">Save settings</SubmitButton>
        </FormActions>
      </AdminForm>
    </>
  );
}
