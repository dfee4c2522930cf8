import { Link } from 'react-router';
import {
  ERASED_ON_ERASURE,
  EXPORTS_A_DAY,
  MARKETING_CHANNEL_LABELS,
  MARKETING_CHANNELS,
  ORDER_MESSAGES_NOTE,
  PRIVACY_PATHS,
  RETAINED_ON_ERASURE,
  RETENTION_YEARS,
  type StoreSettings,
} from '@milli/contracts';
import { mailHref } from '../../components/layout/contact.ts';
import { GrievanceAddress } from './grievance-address.tsx';
import { LegalDocument, type PolicySection } from './legal-document.tsx';

/** The date this text last changed: update it with every change to the policy. */
export const POLICY_UPDATED = '29 November 2026';

/** A list item's text from the contracts' lists (which start in lower case): a sentence's capital and full stop. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
const channels = MARKETING_CHANNELS.map((c) => MARKETING_CHANNEL_LABELS[c])
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');
/** My privacy, and its parts the policy points to (the page's section ids). */
const page = (part?: 'download' | 'consents' | 'nominee' | 'erase') => `${PRIVACY_PATHS.page}${part ? `#${part}` : ''}`;

function sections(settings: StoreSettings): PolicySection[] {
  const store = settings.storeName || 'Milli';
  const returnDays = settings.returnWindowDays;
  const email = settings.emailPrimary;
  const contactLine = email ? (
    <>
      write to us at <a href={mailHref(email)}>{email}</a>
    </>
  ) : (
    <>write to our Grievance Officer at the address below</>
  );

  return [
    {
      id: 'introduction',
      title: 'Introduction',
      body: (
        <>
          <p>
            This policy explains how {store} (“we”, “us”) collects, uses, shares and protects your personal data when you visit our website, shop with us,
            request a custom design, join the Milli Harvest plan or apply to work with us as a trade partner.
          </p>
          <p>
            We process personal data in line with the Digital Personal Data Protection Act, 2023, the Information Technology Act, 2000 and the Information
            Technology (Reasonable Security Practices and Procedures and Sensitive Personal Data or Information) Rules, 2011, and the Consumer Protection
            (E-Commerce) Rules, 2020. In the words of the Act, we are the Data Fiduciary and you are the Data Principal.
          </p>
        </>
      ),
    },
    {
      id: 'collection',
      title: 'Information we collect',
      body: (
        <>
          <p>We collect only what we need to serve you:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your name, e-mail address, mobile number and password (which we store only as a one-way hash, never in readable
              form).
            </li>
            <li>
              <strong>Order details:</strong> billing and shipping addresses, PIN code, the pieces you buy, and for corporate orders the company name, e-mail
              and GSTIN.
            </li>
            <li>
              <strong>Payment details:</strong> payments are handled by our licensed payment gateway. We receive the payment status and a reference, never your
              full card number, CVV or UPI PIN.
            </li>
            <li>
              <strong>Custom design requests:</strong> your specifications, remarks and the images you upload.
            </li>
            <li>
              <strong>Your choices:</strong> the marketing consents you give or withdraw on each channel, with the time of each change, and the nominee you name
              (their name, relationship, e-mail or mobile number).
            </li>
            <li>
              <strong>Trade partner applications:</strong> company, owner and contact details, PAN, GSTIN and bank account details needed to verify and pay our
              partners.
            </li>
            <li>
              <strong>Technical data:</strong> your IP address, browser type and the pages you request, kept in our server logs to keep the service secure and
              working.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      title: 'How we use your information',
      body: (
        <>
          <p>We use your personal data to:</p>
          <ul>
            <li>create and run your account, and recognise you when you log in;</li>
            <li>
              process, deliver and support your orders, including returns within our {returnDays}-day return window, exchanges, buy-backs and warranty service;
            </li>
            <li>prepare your CAD designs, collect the advance and keep you informed about your custom piece;</li>
            <li>manage your Milli Harvest instalments and remind you when one is due;</li>
            <li>verify and onboard trade partners;</li>
            <li>issue invoices and meet our tax, hallmarking and anti-money-laundering obligations;</li>
            <li>send you news and offers, only on the channels you have agreed to (we send none today);</li>
            <li>prevent fraud and protect the security of our customers and our systems.</li>
          </ul>
          <p>We do not sell your personal data, and we do not use it for any purpose you have not been told about.</p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>Our website uses a small number of cookies and browser storage entries, all of them our own:</p>
          <ul>
            <li>a session cookie that keeps you logged in, which scripts on the page cannot read;</li>
            <li>a cookie that remembers the cart (and wish list) of a visitor who has not logged in, kept for 30 days;</li>
            <li>an entry in your browser’s local storage with your user name, so that we can greet you.</li>
          </ul>
          <p>
            We do not use third-party advertising or tracking cookies. You can clear or block cookies in your browser settings; if you block the session cookie
            you will not be able to log in.
          </p>
        </>
      ),
    },
    {
      id: 'disclosure',
      title: 'Disclosure of information',
      body: (
        <>
          <p>We share personal data only with those who need it to serve you, and only as much as they need:</p>
          <ul>
            <li>courier partners, who receive your name, address and phone number to deliver your order;</li>
            <li>our payment gateway and bank, to take and refund payments;</li>
            <li>hallmarking centres and certification laboratories, which receive no personal data beyond an order reference;</li>
            <li>our hosting and e-mail providers, who process data on our behalf under written contracts;</li>
            <li>government and law-enforcement authorities, when the law requires it, for example under the Income-tax Act, the GST laws or a court order.</li>
          </ul>
          <p>Each of these parties is bound to keep your data confidential and to use it only for the stated purpose.</p>
        </>
      ),
    },
    {
      id: 'consent',
      title: 'Consent',
      body: (
        <>
          <p>
            By creating an account, placing an order or submitting a form, you consent to the processing of your personal data for the purposes described in
            this policy. Consent for marketing messages is asked for separately and is never a condition of buying from us.
          </p>
          <p>
            Marketing consent is given per channel ({channels}) under <Link to={page('consents')}>My consents</Link> on My privacy: each is off until you tick
            it, and you withdraw it by unticking it, as easily as you gave it. Every change is recorded with its time, and you can see the whole record there.
            Before any marketing message is sent, your latest choice for its channel is checked; we send none today. {ORDER_MESSAGES_NOTE}
          </p>
          <p>
            Withdrawal does not affect processing already carried out, and we may still keep data that the law requires us to keep. You may also {contactLine}.
          </p>
        </>
      ),
    },
    {
      id: 'links',
      title: 'Links to other websites',
      body: (
        <p>
          Our pages may link to other websites, such as a map service for store directions or a courier’s tracking page. Those websites have their own privacy
          policies, and we are not responsible for how they handle your data. Please read their policies before you share any information with them.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <>
          <p>
            Under the Digital Personal Data Protection Act, 2023 you have these rights, and <Link to={page()}>My privacy</Link> (in My Account) lets you use
            them yourself:
          </p>
          <ul>
            <li>
              <strong>Access:</strong> <Link to={page('download')}>Download my data</Link> gives you at once, as one file, everything we hold about you: your
              profile (with the mobile number you sign in with), e-mail changes, addresses, orders, payments (the payment gateway’s references, never a card
              number), Milli Harvest plans and what you spent from them, returns, exchanges and buy-backs, reviews, appointments, custom designs, store credit,
              your metal account (each credit of fine gold from the old gold we assayed, its purity, weight, melting loss and expiry, and each use, buy-back or
              expiry), rate locks (the grams, purity and rate held, the advance, the period, what was used and what was refunded), rate alerts, complaints with
              their replies, trade partner applications and ring sizer requests you made while signed in, your cart and wish list, consents with their history,
              your choices for SMS and WhatsApp, your nominee, the mails we sent you, and the SMS and WhatsApp messages we sent you (what each was about and
              when, never a one-time code). Up to {EXPORTS_A_DAY} downloads a day.
            </li>
            <li>
              <strong>Correction:</strong> correct your name, e-mail, mobile number and addresses yourself in <Link to="/account">My Account</Link>, or ask us:
              our customer desk corrects them and our log keeps what was changed, by whom and when.
            </li>
            <li>
              <strong>Erasure:</strong> <Link to={page('erase')}>Erase my account</Link>, as described under “Profile deletion” below.
            </li>
            <li>
              <strong>A nominee:</strong> under <Link to={page('nominee')}>My nominee</Link>, name one person (with their relationship and an e-mail or mobile
              number) to exercise your rights if you die or become unable to do so; change or remove them at any time. We mail you whenever it changes.
            </li>
            <li>
              <strong>Withdrawing consent</strong>, as described under “Consent” above, and <strong>having your grievances addressed</strong> by us, and then by
              the Data Protection Board of India.
            </li>
          </ul>
          <p>You can also ask our team to do any of this for you: {contactLine}. We will confirm it is you before acting, and our log records what we did.</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'Data retention',
      body: (
        <>
          <p>
            We keep your account data for as long as your account exists, until you erase it. Copies of the mails, SMS and WhatsApp messages we send you are
            deleted 30 days after they are sent (a message with a link to stop our messages keeps only that link, for a year, so the link still works). Custom
            design files are kept for as long as you might ask us to repair or remake the piece. Server logs are deleted after 90 days.
          </p>
          <p>
            When you erase your account, what the law makes us keep stays, locked so that nobody can change it, for {RETENTION_YEARS} years after the end of the
            financial year of each sale, and is then deleted or made anonymous:
          </p>
          <ul>
            {RETAINED_ON_ERASURE.map((r) => (
              <li key={r.key}>
                {sentence(r.text).slice(0, -1)}, because of {r.why}.
              </li>
            ))}
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We protect your data with reasonable security practices as required by law: encrypted connections (HTTPS) for every page, passwords stored only as
          strong one-way hashes, sessions in secure cookies, access limited to staff who need it, and regular reviews of our systems. No system is perfectly
          secure; if a breach affecting your personal data ever occurs, we will inform you and the Data Protection Board of India as the law requires.
        </p>
      ),
    },
    {
      id: 'opt-out',
      title: 'Opting out',
      body: (
        <p>
          Untick a channel under <Link to={page('consents')}>My consents</Link> on My privacy, and no marketing reaches you on it from that moment. Service
          messages about your orders, payments, returns, Harvest instalments, appointments and account security still reach you, because we need them to serve
          you.
        </p>
      ),
    },
    {
      id: 'profile-deactivation',
      title: 'Profile deactivation',
      body: (
        <p>
          We do not keep a separate “deactivated” state. To take a break, log out and withdraw your marketing consents on My privacy: we then write to you only
          about orders, payments, plans or appointments you already have. To stop for good, erase your account as described below.
        </p>
      ),
    },
    {
      id: 'profile-deletion',
      title: 'Profile deletion',
      body: (
        <>
          <p>
            Erase your account yourself under <Link to={page('erase')}>Erase my account</Link> on My privacy, confirming with your password (or, for an account
            without one, a code we mail you), or ask our customer desk to do it for you. It happens at once, and cannot be undone. First, everything still open
            must be settled, and the page says which and why: an order not yet delivered or cancelled, a return, exchange or buy-back under way, a custom design
            request, a running or matured Milli Harvest plan, store credit, fine gold left in your metal account, a live rate lock, or a refund still on its
            way, because until then we still owe you something and must be able to reach you.
          </p>
          <p>When you erase your account, we erase or make anonymous:</p>
          <ul>
            {ERASED_ON_ERASURE.map((e) => (
              <li key={e.key}>{sentence(e.text)}</li>
            ))}
          </ul>
          <p>
            We send one last mail to your address to confirm it. What the law makes us keep is listed under “Data retention” above. You are welcome to make a
            new account later.
          </p>
        </>
      ),
    },
    {
      id: 'grievance-officer',
      title: 'Grievance Officer',
      body: (
        <>
          <p>
            In accordance with the Information Technology Act, 2000, the rules made under it, and the Consumer Protection (E-Commerce) Rules, 2020, our
            Grievance Officer can be contacted about any concern regarding your personal data or this policy:
          </p>
          <GrievanceAddress settings={settings} />
          <p>If you are not satisfied with our answer, you may approach the Data Protection Board of India.</p>
        </>
      ),
    },
  ];
}

export function PrivacyPolicy({ settings }: { settings: StoreSettings }) {
  return (
    <LegalDocument
      label="Privacy policy"
      lead="Your trust matters more to us than any sale. This page tells you, in plain words, what we do with your personal data and what you can ask of us."
      updated={POLICY_UPDATED}
      sections={sections(settings)}
    />
  );
}
