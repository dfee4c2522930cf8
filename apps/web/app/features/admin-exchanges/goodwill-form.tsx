import { useFetcher } from 'react-router';
import { Panel } from '../../components/admin/admin-shell.tsx';
import { FormActions, MoneyField, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminCan, useAdminMe } from '../../lib/admin-me.ts';
import { ADMIN_PATHS } from '../../lib/admin-nav.ts';

export interface GoodwillResult {
  intent: 'goodwill';
  ok: boolean;
  message: string;
  fields?: Record<string, string>;
}

/**
 * Goodwill store credit on the order's customer (issue 20; permission accounts): a small form on the order's page,
 * posted to the exchange desk's action (so the order page's own action stays the orders desk's). Shown only to a
 * member who may give it.
 */
export function GoodwillForm({ orderNumber }: { orderNumber: string }) {
  const me = useAdminMe();
  const fetcher = useFetcher<GoodwillResult>();
  if (!me || !adminCan(me, 'accounts')) return null;
  const result = fetcher.data;
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  return (
    <Panel title="Store credit (goodwill)">
      <fetcher.Form method="post" action={ADMIN_PATHS.exchanges} className="adm-form">
        {result && (
          <div className={`adm-banner adm-banner--${result.ok ? 'success' : 'error'}`} role={result.ok ? 'status' : 'alert'}>
            <p>{result.message}</p>
          </div>
        )}
        <input type="hidden" name="intent" value="goodwill" />
        <input type="hidden" name="orderNumber" value={orderNumber} />
        <MoneyField name="amount" label="Amount" required error={fields.amountPaise} hint="Added to the customer’s store credit, spendable at checkout." />
        <TextField name="note" label="Why" required maxLength={300} error={fields.note} hint="The customer reads it in their statement and by mail." />
        <FormActions>
          <SubmitButton name="intent" value="goodwill" pending="Adding…">
            Add store credit
          </SubmitButton>
        </FormActions>
      </fetcher.Form>
    </Panel>
  );
}
