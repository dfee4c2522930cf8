/**
 * The settings screen's loader and action: GET /api/admin/settings, and the whole form sent to
 * PATCH /api/admin/settings (rupees as paise, numbers as numbers, the checkbox as a boolean); the server says
 * which changed, and answers every problem under its field's name.
 */
import { SETTINGS_FIELDS, type AdminSettings, type SettingsField } from '@milli/contracts/schemas';
import type { AdminApi } from '../../lib/admin.server.ts';
import { formFlag, formNumber, formText, parseRupees } from '../../lib/admin-form.ts';
import { apiFieldErrors, type FieldErrors } from '../../lib/field-errors.ts';
import { GRAM_FIELDS, MONEY_FIELDS, NUMBER_FIELDS, type SettingsActionResult } from './settings-model.ts';

export async function loadSettings(api: AdminApi): Promise<AdminSettings> {
  return api.get('/api/admin/settings');
}

export async function saveSettings(api: AdminApi, request: Request): Promise<SettingsActionResult> {
  const form = await request.formData();
  const values: Record<string, string | boolean> = {};
  const patch: Record<string, string | number | boolean> = {};
  const errors: FieldErrors<SettingsField> = {};
  for (const field of SETTINGS_FIELDS) {
    if (field === 'staffTwoFactorRequired') {
      patch[field] = values[field] = formFlag(form, field);
      continue;
    }
    const text = formText(form, field).slice(0, 1000);
    values[field] = text;
    if ((MONEY_FIELDS as readonly string[]).includes(field)) {
      const paise = parseRupees(text);
      if (paise === null || Number.isNaN(paise)) errors[field] = 'Type an amount in rupees, e.g. 299 or 299.50.';
      else patch[field] = paise;
    } else if ((GRAM_FIELDS as readonly string[]).includes(field)) {
      const grams = formNumber(form, field);
      if (grams === null || Number.isNaN(grams)) errors[field] = 'Type a weight in grams, e.g. 50.';
      else patch[field] = Math.round(grams * 1000);
    } else if ((NUMBER_FIELDS as readonly string[]).includes(field)) {
      const n = formNumber(form, field);
      if (n === null || Number.isNaN(n)) errors[field] = 'Type a number.';
      else patch[field] = n;
    } else {
      patch[field] = text;
    }
  }
  if (Object.keys(errors).length > 0) return { values, errors, message: 'Please correct the fields marked below.' };
  const result = await api.send('PATCH', '/api/admin/settings', patch);
  if (!result.ok) {
    const fieldErrors = apiFieldErrors<SettingsField>(result.refusal, SETTINGS_FIELDS);
    return { values, errors: fieldErrors, message: Object.keys(fieldErrors).length > 0 ? 'Please correct the fields marked below.' : result.refusal.message };
  }
  return { errors: {}, saved: result.data.changed, repriced: result.data.repriced };
}
