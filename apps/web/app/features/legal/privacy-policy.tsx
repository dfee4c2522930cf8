import { Link } from 'react-router';
import type { StoreSettings } from '@milli/contracts';
import { mailHref } from '../../components/layout/contact.ts';
import { GrievanceAddress } from './grievance-address.tsx';
import { LegalDocument, type PolicySection } from './legal-document.tsx';

/** The date this text last changed: update it with every change to the policy. */
export const POLICY_UPDATED = '29 November 2026';

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
            <li>send you news and offers, only if you have agreed to receive them;</li>
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
            You may withdraw your consent at any time, as easily as you gave it: unsubscribe from an e-mail, change your account preferences or {contactLine}.
            Withdrawal does not affect processing already carried out, and we may still keep data that the law requires us to keep.
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
          <p>Under the Digital Personal Data Protection Act, 2023 you have the right to:</p>
          <ul>
            <li>obtain a summary of the personal data we hold about you and of how we process it;</li>
            <li>have inaccurate or incomplete data corrected, completed or updated;</li>
            <li>have your data erased when it is no longer needed, unless the law requires us to keep it;</li>
            <li>nominate another person to exercise your rights if you die or become unable to do so;</li>
            <li>have your grievances addressed by us, and then by the Data Protection Board of India.</li>
          </ul>
          <p>
            Most details can be corrected yourself in <Link to="/account">My Account</Link>. For anything else, {contactLine}. We may ask you to confirm your
            identity before acting on a request.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'Data retention',
      body: (
        <p>
          We keep your account data for as long as your account is active. Invoices and the records behind them are kept for as long as tax and company laws
          require, currently up to eight years. Custom design files are kept for as long as you might ask us to repair or remake the piece. Server logs are
          deleted after 90 days. When data is no longer needed, we delete it or make it anonymous.
        </p>
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
          You can stop our marketing e-mails with the unsubscribe link in any of them, or by changing your preferences in My Account. Service messages about
          your orders, payments, Harvest instalments and account security will still reach you, because we need them to serve you.
        </p>
      ),
    },
    {
      id: 'profile-deactivation',
      title: 'Profile deactivation',
      body: (
        <p>
          If you would like to take a break, you can ask us to deactivate your profile. A deactivated profile cannot be used to log in or shop, and we send it
          no messages, but we keep its data so that you can reactivate it later, simply by asking. Orders in progress are completed and remain covered by our
          return, exchange and buy-back promises.
        </p>
      ),
    },
    {
      id: 'profile-deletion',
      title: 'Profile deletion',
      body: (
        <p>
          You can ask us to delete your profile permanently. We will erase your personal data within 30 days of confirming your request, except for what the law
          requires us to keep (such as invoices) and what we need to finish open orders, refunds or a running Milli Harvest plan. Deletion cannot be undone:
          your order history and wish list will be gone, and you would need a new account to shop with us again.
        </p>
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
