import { Link, data } from 'react-router';
import { RATE_LOCK_PATH } from '@milli/contracts';
import type { Route } from './+types/account';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { LogoutButton, useLogoutError } from '../components/layout/logout-button.tsx';
import { loadAccount, saveProfile } from '../features/account/auth-actions.server.ts';
import { ACCOUNT_TEXT, type ProfileResult } from '../features/account/auth-results.ts';
import { ACCOUNT_TABS, AccountTabList, panelId, tabId, useAccountTab, type AccountTab } from '../features/account/account-tabs.tsx';
import { EditProfileForm } from '../features/account/edit-profile-form.tsx';
import { PHONE_ADD_INTENTS, phoneAddAction, readPhoneAddState } from '../features/account/phone-actions.server.ts';
import type { PhoneAddResult } from '../features/account/phone-results.ts';
import { SignInNumber } from '../features/account/sign-in-number.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { loadPayments } from '../features/payments/payments.server.ts';
import { PaymentsTable } from '../features/payments/payments-table.tsx';
import { addressAction, loadAddresses } from '../features/account/address-book.server.ts';
import { ADDRESS_INTENTS, type AddressResult } from '../features/account/address-book.ts';
import { AddressBookPane } from '../features/account/address-book-pane.tsx';
import { CANCEL_APPOINTMENT_INTENT, MyAppointments, type CancelAppointmentResult } from '../features/appointments/my-appointments.tsx';
import { cancelAppointment, loadAppointments } from '../features/appointments/my-appointments.server.ts';
import { StoreCreditPane, loadStoreCredit } from '../features/account/store-credit-pane.tsx';
import { RateLockTable, loadRateLocks } from '../features/rate-lock/rate-lock-table.tsx';
import { METAL_BUY_BACK_INTENT, MetalAccountPane, type MetalBuyBackResult } from '../features/metal-account/metal-account-pane.tsx';
import { loadMetalAccount, sellMetalBack } from '../features/metal-account/metal-account.server.ts';
import { MyComplaints } from '../features/complaints/my-complaints.tsx';
import { loadMyComplaints } from '../features/complaints/complaints.server.ts';
import { MyRateAlerts, STOP_RATE_ALERT_INTENT, type StopRateAlertResult } from '../features/gold-rate/my-rate-alerts.tsx';
import { loadMyRateAlerts, stopMyRateAlert } from '../features/gold-rate/gold-rate.server.ts';
import '../styles/screens/shells.css';
import '../styles/screens/account.css';
import '../styles/screens/payments.css';
import '../styles/screens/complaints.css';
import '../styles/screens/gold-rate.css';
import '../styles/screens/rate-lock.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('My Account') }, { name: 'robots', content: 'noindex' }];

/** Guests go to /login; a customer sees their own details (GET /api/users/user-details/{id}). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [account, payments, addresses, appointments, storeCredit, complaints, rateAlerts, rateLocks, metalAccount] = await Promise.all([
    loadAccount(api, request),
    loadPayments(api),
    loadAddresses(api),
    loadAppointments(api),
    loadStoreCredit(api),
    loadMyComplaints(api),
    loadMyRateAlerts(api),
    loadRateLocks(api),
    loadMetalAccount(api),
  ]);
  return { ...account, payments, addresses, appointments, storeCredit, complaints, rateAlerts, rateLocks, metalAccount, phoneAdd: readPhoneAddState(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'save-profile') return saveProfile(serverApi(context), form);
  if ((PHONE_ADD_INTENTS as readonly string[]).includes(intent)) {
    return phoneAddAction(serverApi(context), request, form, intent as (typeof PHONE_ADD_INTENTS)[number]);
  }
  if (intent === CANCEL_APPOINTMENT_INTENT) return cancelAppointment(serverApi(context), form);
  if (intent === STOP_RATE_ALERT_INTENT) return stopMyRateAlert(serverApi(context), form);
  if (intent === METAL_BUY_BACK_INTENT) return sellMetalBack(serverApi(context), form);
  if (ADDRESS_INTENTS.includes(intent)) return addressAction(serverApi(context), form, intent as AddressResult['intent']);
  return data<ProfileResult>({ intent: 'save-profile', ok: false, message: 'Unknown request.' }, { status: 400 });
}

const ORDER_LISTS = [
  { to: '/active-orders', label: 'Active Orders', text: 'Orders on their way to you.' },
  { to: '/completed-orders', label: 'Delivered Orders', text: 'Everything that has reached you.' },
  { to: '/custom-orders', label: 'Customized Orders', text: 'Your custom designs, from CAD to delivery.' },
  { to: '/cancelled-orders', label: 'Cancelled Orders', text: 'Orders that were cancelled, and their refunds.' },
];

function Panel({ tab, active, children }: { tab: AccountTab; active: AccountTab; children: React.ReactNode }) {
  const label = ACCOUNT_TABS.find((t) => t.id === tab)?.label;
  return (
    <section id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} hidden={tab !== active} tabIndex={0} className="card card-pad account-pane">
      <h2 className="account-pane-title">{label}</h2>
      {children}
    </section>
  );
}

/**
 * My Account (spec §2): Profile, Orders, Payments, Addresses (issue 18), Edit Profile and Logout. Every pane is in the page; the
 * tabs only show one (see account-tabs.tsx), so switching is instant and each tab works without script.
 */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, details, payments, addresses, appointments, storeCredit, complaints, rateAlerts, rateLocks, metalAccount, phoneAdd } = loaderData;
  const metalResult = actionData && 'intent' in actionData && actionData.intent === METAL_BUY_BACK_INTENT ? (actionData as MetalBuyBackResult) : undefined;
  const rateAlertResult =
    actionData && 'intent' in actionData && actionData.intent === STOP_RATE_ALERT_INTENT ? (actionData as StopRateAlertResult) : undefined;
  const phoneResult = actionData && 'intent' in actionData && String(actionData.intent).startsWith('phone-') ? (actionData as PhoneAddResult) : undefined;
  const appointmentResult =
    actionData && 'intent' in actionData && actionData.intent === CANCEL_APPOINTMENT_INTENT ? (actionData as CancelAppointmentResult) : undefined;
  const addressResult = actionData && 'fields' in actionData && ADDRESS_INTENTS.includes(actionData.intent) ? (actionData as AddressResult) : undefined;
  const [tab, setTab] = useAccountTab();
  const logoutError = useLogoutError();
  const fullName = details ? `${details.first_name} ${details.last_name}`.trim() : '';

  return (
    <>
      <PageBanner title="My Account" />
      <div className="section">
        <div className="container account account--tabs">
          <AccountTabList active={tab} onSelect={setTab} />

          <div className="account-panes">
            <Panel tab="profile" active={tab}>
              {!details && <FormAlert tone="error">{ACCOUNT_TEXT.profileLoadFailed}</FormAlert>}
              <dl className="profile-facts">
                <dt>Name</dt>
                <dd>{fullName || details?.user_name || user.userName}</dd>
                <dt>Username</dt>
                <dd>{details?.user_name ?? user.userName}</dd>
                {details && (
                  <>
                    <dt>E-mail</dt>
                    <dd>{details.user_email}</dd>
                  </>
                )}
                {details?.mobile && (
                  <>
                    <dt>Mobile</dt>
                    <dd>{details.mobile}</dd>
                  </>
                )}
              </dl>
              {details && !fullName && (
                <p className="muted profile-nudge">
                  Add your name and mobile number under{' '}
                  <a
                    href="/account?tab=edit"
                    onClick={(event) => {
                      event.preventDefault();
                      setTab('edit');
                    }}
                  >
                    Edit Profile
                  </a>{' '}
                  so our team can reach you about your orders.
                </p>
              )}
              <p className="account-privacy-link">
                <Link to="/account/privacy">My privacy</Link>: download your data, choose the messages we may send you, name a nominee, or erase your account.{' '}
                <Link to="/account/messages">Message preferences</Link>: your SMS and WhatsApp updates.
              </p>
            </Panel>

            <Panel tab="orders" active={tab}>
              <ul className="account-order-links">
                {ORDER_LISTS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>
                      <strong>{l.label}</strong>
                      <span>{l.text}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <MyAppointments appointments={appointments} result={appointmentResult} />
              <MyComplaints complaints={complaints} />
              <MyRateAlerts alerts={rateAlerts} result={rateAlertResult} />
            </Panel>

            <Panel tab="payments" active={tab}>
              <PaymentsTable payments={payments} />
            </Panel>

            <Panel tab="store-credit" active={tab}>
              <StoreCreditPane statement={storeCredit} />
            </Panel>

            <Panel tab="rate-locks" active={tab}>
              <div className="stack">
                <p className="muted">
                  A rate lock holds a day’s rate for the grams you mean to buy: what you buy of that metal meanwhile is priced at the lower of the locked rate
                  and the day’s. <Link to={RATE_LOCK_PATH}>Lock a rate</Link>
                </p>
                <RateLockTable locks={rateLocks} />
              </div>
            </Panel>

            <Panel tab="metal-account" active={tab}>
              <MetalAccountPane account={metalAccount} result={metalResult} />
            </Panel>

            <Panel tab="addresses" active={tab}>
              <AddressBookPane addresses={addresses} result={addressResult} />
            </Panel>

            <Panel tab="edit" active={tab}>
              <EditProfileForm details={details} />
              <SignInNumber phone={details?.phone ?? null} pending={phoneAdd} result={phoneResult} />
            </Panel>

            <Panel tab="logout" active={tab}>
              <div className="stack">
                <p>Leaving already? Your cart and wish list will be waiting for you.</p>
                {logoutError && <FormAlert tone="error">{logoutError}</FormAlert>}
                <LogoutButton className="btn btn-primary" />
              </div>
            </Panel>
          </div>
        </div>
      </div>
    </>
  );
}
