/**
 * The owner's staff screen (routes/admin/staff.tsx): the list kit's table with per-row actions (roles as checkboxes,
 * an invitation resent or withdrawn), the invitation form and a member's API tokens (?tokens=<id>). Destructive
 * actions ask first (ConfirmAction), with or without JavaScript. The owner never types a member's password: the
 * member chooses it from the invitation mail (issue 39).
 */
import { Form, Link } from 'react-router';
import { ROLE_LABELS, STAFF_ROLES, rolesLabel, type StaffMe, type StaffRole } from '@milli/contracts';
import type { AdminListPage, ApiTokenRow, StaffRow } from '@milli/contracts/schemas';
import { Panel, StatusBadge } from '../../components/admin/admin-shell.tsx';
import { AdminForm, Checkbox, FieldGroup, FormActions, FormError, SavedNotice, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { ListTable, ListToolbar, Pagination, EmptyState } from '../../components/admin/list-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';
import { listHref, type ListDefaults, type ListState } from '../../lib/admin-list.ts';
import { formatWhen } from './format.ts';

export const STAFF_LIST_DEFAULTS: ListDefaults = { sort: 'name', dir: 'asc', filters: ['role', 'removed'] };

export interface StaffResult {
  intent: string;
  id?: string;
  saved?: string;
  error?: string;
  fields?: Partial<Record<string, string>>;
  confirm?: string;
  values?: { email: string; name: string; roles: string[] };
}

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** A member's place: invited (until when), an invitation that ended, or nothing to say for an active member. */
function InvitationBadge({ member }: { member: StaffRow }) {
  // Short, so the roles column stays narrow at 1024 px; the link's end is in the row's title.
  if (member.status === 'invited') return <StatusBadge tone="info">Invited until {formatWhen(member.invitationExpiresAt!).replace(/,.*$/, '')}</StatusBadge>;
  if (member.status === 'invitation-expired') return <StatusBadge tone="warning">Invitation ended</StatusBadge>;
  return null;
}

const ROLE_SUMMARY: Record<StaffRole, string> = {
  owner: 'everything, including staff, settings and the audit log',
  catalogue: 'products, categories, tags, stones, images, CSV, rates, coupons and stores',
  orders: 'orders and their status',
  design: 'custom design requests and CAD',
  partners: 'trade-partner applications',
  accounts: 'harvest plans, payments and refunds',
};

export function StaffScreen({
  me,
  page,
  list,
  tokens,
  result,
}: {
  me: StaffMe;
  page: AdminListPage<StaffRow>;
  list: ListState;
  tokens: { staffId: number; data: ApiTokenRow[] } | null;
  result: StaffResult | undefined;
}) {
  const rowResult = (id: number) => (result?.id === String(id) ? result : undefined);
  const tokensOf = tokens ? page.data.find((m) => m.id === tokens.staffId) : undefined;
  return (
    <div className="adm-stack staff-stack">
      {result?.intent !== 'add' && <SavedNotice message={result?.saved} />}
      {result?.intent !== 'add' && <FormError message={result?.error} />}
      <ListToolbar
        list={list}
        searchLabel="Search staff"
        searchPlaceholder="Name or e-mail"
        filters={[
          { name: 'role', label: 'Role', options: ROLE_OPTIONS, allLabel: 'Any role' },
          { name: 'removed', label: 'Removed members', options: [{ value: 'true', label: 'Shown' }], allLabel: 'Hidden' },
        ]}
      />
      <ListTable
        list={list}
        page={page}
        defaults={STAFF_LIST_DEFAULTS}
        rowKey={(m) => m.id}
        caption="Staff"
        empty={<EmptyState title="No staff match">Change the search or the filters.</EmptyState>}
        columns={[
          {
            key: 'name',
            label: 'Name',
            sort: 'name',
            rowHeader: true,
            cell: (m) => (
              <>
                {m.name}
                {m.id === me.id && <span className="adm-muted"> (you)</span>}
              </>
            ),
          },
          { key: 'email', label: 'E-mail', sort: 'email', className: 'staff-email', cell: (m) => <Email value={m.email} /> },
          {
            key: 'role',
            label: 'Roles',
            sort: 'role',
            cell: (m) => (
              <>
                {rolesLabel(m.roles)}
                {m.status !== 'active' && m.status !== 'removed' && (
                  <>
                    <br />
                    <InvitationBadge member={m} />
                  </>
                )}
              </>
            ),
          },
          {
            key: 'twoFactor',
            label: 'Two-factor',
            cell: (m) => (m.twoFactor ? <StatusBadge tone="success">On</StatusBadge> : <StatusBadge tone="warning">Off</StatusBadge>),
          },
          { key: 'lastSignIn', label: 'Last sign-in', sort: 'lastSignIn', cell: (m) => (m.lastSignInAt ? formatWhen(m.lastSignInAt) : 'Never') },
          {
            key: 'actions',
            label: <span className="adm-visually-hidden">Actions</span>,
            cell: (m) =>
              m.removedAt ? (
                <StatusBadge tone="neutral">Removed {formatWhen(m.removedAt)}</StatusBadge>
              ) : (
                <RowActions member={m} result={rowResult(m.id)} list={list} />
              ),
          },
        ]}
      />
      <Pagination list={list} page={page} defaults={STAFF_LIST_DEFAULTS} />

      {tokens && (
        <Panel
          title={`API tokens of ${tokensOf?.name ?? `member ${tokens.staffId}`}`}
          id="member-tokens"
          actions={<Link to={listHref(list, {}, STAFF_LIST_DEFAULTS)}>Close</Link>}
        >
          {tokens.data.length === 0 ? (
            <p>No API tokens.</p>
          ) : (
            <ul className="adm-stack staff-stack">
              {tokens.data.map((t) => (
                <li key={t.id} className="staff-row-actions">
                  <span>
                    <strong>{t.name}</strong> <code>{t.prefix}…</code> · made {formatWhen(t.createdAt)} · last used{' '}
                    {t.lastUsedAt ? formatWhen(t.lastUsedAt) : 'never'}
                    {t.revokedAt ? ' · revoked' : ''}
                  </span>
                  {!t.revokedAt && (
                    <Form method="post">
                      <input type="hidden" name="id" value={tokens.staffId} />
                      <input type="hidden" name="tokenId" value={t.id} />
                      <ConfirmAction
                        intent="revoke-token"
                        label={
                          <>
                            Revoke<span className="adm-visually-hidden"> {t.name}</span>
                          </>
                        }
                        title={`Revoke “${t.name}”?`}
                        confirmLabel="Revoke"
                        open={result?.confirm === `revoke-token:${t.id}`}
                      >
                        Anything using this token stops working at once.
                      </ConfirmAction>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}

      <AddMember result={result?.intent === 'add' ? result : undefined} />
      <Panel title="What each role may do" id="roles">
        <p>A member with several roles may do what each of them allows.</p>
        <ul className="staff-roles">
          {STAFF_ROLES.map((r) => (
            <li key={r}>
              <strong>{ROLE_LABELS[r]}</strong>: {ROLE_SUMMARY[r]}.
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

function RowActions({ member, result, list }: { member: StaffRow; result: StaffResult | undefined; list: ListState }) {
  return (
    <div className="staff-row-actions">
      {/* Roles as checkboxes behind a disclosure, so a row stays one line tall (open without JavaScript too). */}
      <details className="staff-roles-edit" open={Boolean(result?.intent === 'roles' && result.error)}>
        <summary className="adm-button adm-button--secondary">
          Roles<span className="adm-visually-hidden"> of {member.name}</span>
        </summary>
        <Form method="post" aria-label={`Roles of ${member.name}`} className="staff-roles-edit__form">
          <input type="hidden" name="id" value={member.id} />
          <RoleChecks idPrefix={`roles-${member.id}`} checked={member.roles} error={result?.intent === 'roles' ? result.fields?.roles : undefined} />
          <button type="submit" name="intent" value="roles" className="adm-button adm-button--primary">
            Save roles<span className="adm-visually-hidden"> of {member.name}</span>
          </button>
        </Form>
      </details>
      {member.status !== 'active' && (
        <Form method="post">
          <input type="hidden" name="id" value={member.id} />
          <button type="submit" name="intent" value="resend" className="adm-button adm-button--secondary">
            {member.status === 'invited' ? 'Resend invitation' : 'Send a new invitation'}
            <span className="adm-visually-hidden"> to {member.name}</span>
          </button>
          {member.status === 'invited' && (
            <ConfirmAction
              intent="revoke-invitation"
              label={
                <>
                  Withdraw invitation<span className="adm-visually-hidden"> of {member.name}</span>
                </>
              }
              title={`Withdraw ${member.name}’s invitation?`}
              confirmLabel="Withdraw"
              open={result?.confirm === 'revoke-invitation'}
            >
              The link in their mail stops working. They stay listed until you send a new invitation or remove them.
            </ConfirmAction>
          )}
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="id" value={member.id} />
        {member.twoFactor && (
          <ConfirmAction
            intent="reset-two-factor"
            label={
              <>
                Reset two-factor<span className="adm-visually-hidden"> of {member.name}</span>
              </>
            }
            title={`Reset ${member.name}’s two-factor sign-in?`}
            confirmLabel="Reset two-factor"
            open={result?.confirm === 'reset-two-factor'}
          >
            Their authenticator app and recovery codes stop working and they are signed out; they set up two-factor again at their next sign-in.
          </ConfirmAction>
        )}{' '}
        <ConfirmAction
          intent="remove"
          label={
            <>
              Remove<span className="adm-visually-hidden"> {member.name}</span>
            </>
          }
          title={`Remove ${member.name}?`}
          confirmLabel="Remove"
          open={result?.confirm === 'remove'}
        >
          {member.name} ({member.email}) can no longer sign in; their sessions end and their API tokens are revoked. The audit log keeps their name.
        </ConfirmAction>
      </Form>
      <Link to={withTokens(listHref(list, {}, STAFF_LIST_DEFAULTS), member.id)} className="adm-link">
        API tokens<span className="adm-visually-hidden"> of {member.name}</span>
      </Link>
    </div>
  );
}

/** An e-mail address that may wrap after its '@' in a narrow column. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

/** The list's address with a member's tokens open below it. */
function withTokens(href: string, id: number): string {
  const [path, query = ''] = href.split('?');
  const params = new URLSearchParams(query);
  params.set('tokens', String(id));
  return `${path}?${params.toString()}#member-tokens`;
}

/** One checkbox a role, with what the role allows as its hint. */
function RoleChecks({ idPrefix, checked, error }: { idPrefix: string; checked: readonly string[]; error: string | undefined }) {
  return (
    <FieldGroup legend="Roles" description={error ? <span className="adm-field__error">{error}</span> : 'Choose one or more.'}>
      <div className="staff-role-checks">
        {STAFF_ROLES.map((r) => (
          <Checkbox key={r} id={`${idPrefix}-${r}`} name="roles" value={r} label={ROLE_LABELS[r]} defaultChecked={checked.includes(r)} />
        ))}
      </div>
    </FieldGroup>
  );
}

function AddMember({ result }: { result: StaffResult | undefined }) {
  const v = result?.error ? result.values : undefined;
  return (
    <Panel title="Invite a member" id="add">
      <p>They get a mail with a link to choose their own password; the link works once, for 72 hours. Nobody else ever knows their password.</p>
      {/* A new key after each invitation empties the form for the next one. */}
      <AdminForm key={result?.saved ?? 'add'} error={result?.error} saved={result?.saved} aria-label="Invite a staff member">
        <div className="adm-grid">
          <TextField name="name" label="Name" required maxLength={100} defaultValue={v?.name} error={result?.fields?.name} />
          <TextField name="email" type="email" label="E-mail" required autoComplete="off" defaultValue={v?.email} error={result?.fields?.email} />
        </div>
        <RoleChecks idPrefix="invite" checked={v?.roles ?? []} error={result?.fields?.roles} />
        <FormActions>
          <SubmitButton name="intent" value="add" pending="Sending…">
            Send invitation
          </SubmitButton>
        </FormActions>
      </AdminForm>
    </Panel>
  );
}
