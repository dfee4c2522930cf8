/**
 * The member's own security screen (routes/admin/security.tsx): password, two-factor sign-in, API tokens.
 * Every form is a plain POST with an `intent`; what is shown once (recovery codes, a new token) comes back in the
 * action's answer and is never stored by the page.
 */
import { useState } from 'react';
import { Form } from 'react-router';
import { DESK_LABELS, DESK_PERMISSION, STAFF_DESKS, type StaffMe } from '@milli/contracts';
import type { ApiTokenRow, TwoFactorStatus } from '@milli/contracts/schemas';
import { Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, FormActions, FormError, NumberField, SavedNotice, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';
import { formatWhen } from './format.ts';

export interface SecurityResult {
  intent: string;
  saved?: string;
  error?: string;
  fields?: Partial<Record<string, string>>;
  recoveryCodes?: string[];
  token?: string;
  confirm?: string;
  id?: string;
}

function resultFor(result: SecurityResult | undefined, ...intents: string[]) {
  return result && intents.includes(result.intent) ? result : undefined;
}

export function SecurityScreen({
  me,
  twoFactor,
  tokens,
  result,
}: {
  me: StaffMe;
  twoFactor: TwoFactorStatus;
  tokens: ApiTokenRow[];
  result: SecurityResult | undefined;
}) {
  return (
    <div className="adm-stack staff-stack staff-security">
      {me.mustEnrolTwoFactor && (
        <div className="adm-banner adm-banner--warning" role="alert">
          <p>The store requires two-factor sign-in for all staff. Set it up below to open the rest of the back office.</p>
        </div>
      )}
      <TwoFactorPanel status={twoFactor} result={resultFor(result, 'start-two-factor', 'confirm-two-factor', 'recovery-codes', 'disable-two-factor')} />
      <PasswordPanel result={resultFor(result, 'password')} />
      <TokensPanel tokens={tokens} result={resultFor(result, 'create-token', 'revoke-token')} disabled={me.mustEnrolTwoFactor} />
      <DeskMailPanel me={me} result={resultFor(result, 'desk-mail')} />
    </div>
  );
}

/** The member's own choice of desk mails (issue 39): a new order, return, appointment or request at a desk of theirs. */
function DeskMailPanel({ me, result }: { me: StaffMe; result: SecurityResult | undefined }) {
  const desks = STAFF_DESKS.filter((desk) => me.permissions.includes(DESK_PERMISSION[desk]));
  return (
    <Panel title="Desk mails" id="desk-mail">
      {desks.length === 0 ? (
        <p>None of your roles handles a desk that sends mails (orders, returns, appointments, custom requests).</p>
      ) : (
        <AdminForm error={result?.error} saved={result?.saved} aria-label="Desk mails">
          <p>
            When something new reaches a desk your roles handle ({desks.map((d) => DESK_LABELS[d]).join(', ')}), you get a mail. The navigation shows what waits
            either way.
          </p>
          <input type="hidden" name="deskMail" value={me.deskMail ? 'false' : 'true'} />
          <p>
            Desk mails are <strong>{me.deskMail ? 'on' : 'off'}</strong>.
          </p>
          <FormActions>
            <SubmitButton name="intent" value="desk-mail" pending="Saving…">
              {me.deskMail ? 'Turn desk mails off' : 'Turn desk mails on'}
            </SubmitButton>
          </FormActions>
        </AdminForm>
      )}
    </Panel>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="adm-banner adm-banner--warning staff-codes" role="status">
      <p>
        <strong>Your recovery codes — shown this once.</strong> Save them somewhere safe (a password manager, or printed). Each signs you in once if you lose
        your phone.
      </p>
      <ul className="staff-codes__list" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <CopyButton value={codes.join('\n')} label="Copy the codes" />
    </div>
  );
}

function TwoFactorPanel({ status, result }: { status: TwoFactorStatus; result: SecurityResult | undefined }) {
  const codes = result?.recoveryCodes;
  return (
    <Panel title="Two-factor sign-in" id="two-factor">
      {codes && <RecoveryCodes codes={codes} />}
      <SavedNotice message={result?.saved} />
      <FormError message={result?.intent !== 'disable-two-factor' && result?.intent !== 'confirm-two-factor' ? result?.error : undefined} />
      {status.enabled ? (
        <>
          <p>
            <StatusBadge tone="success">On</StatusBadge> You sign in with a code from your authenticator app. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          <Form method="post" className="adm-form-actions">
            <ConfirmAction
              intent="recovery-codes"
              label="Make new recovery codes"
              title="Make new recovery codes?"
              confirmLabel="Make new codes"
              tone="primary"
              open={result?.confirm === 'recovery-codes'}
            >
              The codes you have now stop working.
            </ConfirmAction>
          </Form>
          {status.required ? (
            <p className="adm-hint">The store requires two-factor sign-in for all staff, so it cannot be turned off.</p>
          ) : (
            <AdminForm error={result?.intent === 'disable-two-factor' ? result.error : undefined} aria-label="Turn two-factor sign-in off">
              <TextField
                name="password"
                type="password"
                label="Your password, to turn it off"
                autoComplete="current-password"
                required
                error={result?.fields?.password}
              />
              <FormActions>
                <SubmitButton name="intent" value="disable-two-factor" tone="danger">
                  Turn two-factor off
                </SubmitButton>
              </FormActions>
            </AdminForm>
          )}
        </>
      ) : status.pending ? (
        <div className="staff-enrol">
          <ol className="staff-enrol__steps">
            <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and add an account.</li>
            <li>Scan this QR code, or type the key below.</li>
            <li>Type the six-digit code the app shows.</li>
          </ol>
          <div
            className="staff-enrol__qr"
            role="img"
            aria-label="QR code for your authenticator app"
            dangerouslySetInnerHTML={{ __html: status.pending.qrSvg }}
          />
          <p>
            Key:{' '}
            <code className="staff-enrol__secret" data-testid="totp-secret">
              {status.pending.secret}
            </code>
          </p>
          <AdminForm error={result?.intent === 'confirm-two-factor' ? result.error : undefined} aria-label="Confirm two-factor sign-in">
            <TextField
              name="code"
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              error={result?.fields?.code}
              pattern="\s*\d{3}\s*\d{3}\s*"
            />
            <FormActions>
              <SubmitButton name="intent" value="confirm-two-factor" pending="Checking…">
                Turn on two-factor sign-in
              </SubmitButton>
            </FormActions>
          </AdminForm>
        </div>
      ) : (
        <>
          <p>
            <StatusBadge tone="warning">Off</StatusBadge> Protect your account with a code from an authenticator app on your phone.
          </p>
          <Form method="post" className="adm-form-actions">
            <button type="submit" name="intent" value="start-two-factor" className="adm-button adm-button--primary">
              Set up two-factor sign-in
            </button>
          </Form>
        </>
      )}
    </Panel>
  );
}

function PasswordPanel({ result }: { result: SecurityResult | undefined }) {
  return (
    <Panel title="Password" id="password">
      <AdminForm key={result?.saved ?? 'password'} error={result?.error} saved={result?.saved} aria-label="Change your password">
        <div className="adm-grid">
          <TextField
            name="currentPassword"
            type="password"
            label="Current password"
            autoComplete="current-password"
            required
            error={result?.fields?.currentPassword}
            size="wide"
          />
          <TextField
            name="newPassword"
            type="password"
            label="New password"
            autoComplete="new-password"
            required
            error={result?.fields?.newPassword}
            hint="At least 12 characters; a few unrelated words make a good one."
          />
          <TextField
            name="repeatPassword"
            type="password"
            label="New password again"
            autoComplete="new-password"
            required
            error={result?.fields?.repeatPassword}
          />
        </div>
        <FormActions>
          <SubmitButton name="intent" value="password" pending="Changing…">
            Change password
          </SubmitButton>
        </FormActions>
      </AdminForm>
    </Panel>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="adm-button adm-button--secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? 'Copied' : label}
      <span className="adm-visually-hidden" aria-live="polite">
        {copied ? ' — copied to the clipboard' : ''}
      </span>
    </button>
  );
}

function TokensPanel({ tokens, result, disabled }: { tokens: ApiTokenRow[]; result: SecurityResult | undefined; disabled: boolean }) {
  const now = Date.now();
  const stateOf = (t: ApiTokenRow) =>
    t.revokedAt ? (
      <StatusBadge tone="neutral">Revoked</StatusBadge>
    ) : t.expiresAt && Date.parse(t.expiresAt) <= now ? (
      <StatusBadge tone="warning">Expired</StatusBadge>
    ) : (
      <StatusBadge tone="success">Active</StatusBadge>
    );
  return (
    <Panel title="API tokens" id="tokens">
      <p className="adm-hint">
        For automation such as a daily rates feed: send <code>Authorization: Bearer &lt;token&gt;</code> to <code>/api/admin/…</code>. A token acts with your
        current role; it cannot manage staff, tokens, passwords or two-factor sign-in.
      </p>
      {result?.token && (
        <div className="adm-banner adm-banner--success" role="status">
          <p>
            <strong>Your new token — copy it now, it is not shown again:</strong>
          </p>
          <p>
            <code className="staff-token" data-testid="new-token">
              {result.token}
            </code>
          </p>
          <CopyButton value={result.token} label="Copy the token" />
        </div>
      )}
      {!result?.token && <SavedNotice message={result?.saved} />}
      <FormError message={result?.intent === 'revoke-token' ? result.error : undefined} />
      {tokens.length > 0 ? (
        <div className="adm-table-wrap" role="region" aria-label="Your API tokens (scrolls sideways on a narrow screen)" tabIndex={0}>
          <table className="adm-table">
            <caption className="adm-visually-hidden">Your API tokens</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Made</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="adm-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>
                    <code>{t.prefix}…</code>
                  </td>
                  <td>{formatWhen(t.createdAt)}</td>
                  <td>{t.lastUsedAt ? formatWhen(t.lastUsedAt) : 'Never'}</td>
                  <td>{t.expiresAt ? formatWhen(t.expiresAt) : 'Never'}</td>
                  <td>{stateOf(t)}</td>
                  <td className="adm-align-end">
                    {!t.revokedAt && (
                      <Form method="post">
                        <input type="hidden" name="id" value={t.id} />
                        <ConfirmAction
                          intent="revoke-token"
                          label={
                            <>
                              Revoke<span className="adm-visually-hidden"> {t.name}</span>
                            </>
                          }
                          title={`Revoke “${t.name}”?`}
                          confirmLabel="Revoke"
                          open={result?.confirm === 'revoke-token' && result.id === String(t.id)}
                        >
                          Anything using this token stops working at once.
                        </ConfirmAction>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>You have no API tokens.</p>
      )}
      {!disabled && (
        <AdminForm key={result?.token ?? 'token'} error={result?.intent === 'create-token' ? result.error : undefined} aria-label="Make an API token">
          <div className="adm-grid">
            <TextField name="name" label="Token name" required maxLength={80} error={result?.fields?.name} hint="What it is for, e.g. “Daily rates feed”." />
            <NumberField
              name="expiresInDays"
              label="Expires after"
              unit="days"
              min={1}
              max={3650}
              error={result?.fields?.expiresInDays}
              hint="Leave empty for a token that does not expire."
            />
          </div>
          <FormActions>
            <SubmitButton name="intent" value="create-token" pending="Making…">
              Make a token
            </SubmitButton>
          </FormActions>
        </AdminForm>
      )}
    </Panel>
  );
}
