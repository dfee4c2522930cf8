import { Link } from 'react-router';
import { CAD_ADVANCE_PERCENT, RATE_LOCK_PATH, type StoreSettings } from '@milli/contracts';
import { termsInWords } from '../../lib/rate-lock-terms.ts';
import { formatRupees } from '@milli/pricing';
import { mailHref, telHref } from '../../components/layout/contact.ts';
import { GrievanceAddress } from './grievance-address.tsx';
import type { PolicySection } from './legal-document.tsx';

/**
 * The store's terms and its shipping, returns and cancellation policies (DECISIONS §7: the Consumer
 * Protection (E-Commerce) Rules, 2020 ask a seller to state them). Every number a setting decides (the
 * return window, the shipping fee, the delivery days) is read from the store settings, so the pages
 * never disagree with the cart, the product page or the home page.
 */

/** The date these texts last changed: update it with every change to a policy. */
export const POLICIES_UPDATED = '29 November 2026';

export interface Policy {
  title: string;
  description: string;
  lead: string;
  sections: (settings: StoreSettings) => PolicySection[];
}

const storeOf = (s: StoreSettings) => s.storeName || 'Milli';

/** The seller's identity as the Rules ask: legal name, GSTIN and address, from the settings. */
function Seller({ settings }: { settings: StoreSettings }) {
  const legal = settings.sellerLegalName || storeOf(settings);
  return (
    <p>
      The store at this website is run by <strong>{legal}</strong>
      {settings.sellerGstin && <> (GSTIN {settings.sellerGstin})</>}
      {settings.bisRegistration && <>, a jeweller registered with the Bureau of Indian Standards (registration {settings.bisRegistration})</>}
      {settings.officeAddress && <>, {settings.officeAddress}</>}. In these pages “we”, “us” and “{storeOf(settings)}” mean {legal}, and “you” means the person
      using the website or buying from it.
    </p>
  );
}

/** How to reach customer care: the help line and the first e-mail, when the settings have them. */
function Reach({ settings }: { settings: StoreSettings }) {
  const { helpLine, emailPrimary } = settings;
  if (!helpLine && !emailPrimary) return <>contact our Grievance Officer at the address below</>;
  return (
    <>
      {helpLine && (
        <>
          call us on <a href={telHref(helpLine)}>{helpLine}</a>
        </>
      )}
      {helpLine && emailPrimary && ' or '}
      {emailPrimary && (
        <>
          write to <a href={mailHref(emailPrimary)}>{emailPrimary}</a>
        </>
      )}
    </>
  );
}

function grievance(settings: StoreSettings, about: string): PolicySection {
  return {
    id: 'grievance-officer',
    title: 'Grievance Officer',
    body: (
      <>
        <p>
          If something about {about} has gone wrong and customer care has not put it right, write to our Grievance Officer, appointed under the Consumer
          Protection (E-Commerce) Rules, 2020:
        </p>
        <GrievanceAddress settings={settings} />
        <p>You may also approach the National Consumer Helpline (1915) or the consumer commission of your district.</p>
      </>
    ),
  };
}

const deliveryCost = (s: StoreSettings) =>
  s.shippingFeePaise === 0 ? 'Delivery is free' : `Delivery costs a flat ${formatRupees(s.shippingFeePaise)} an order`;

export const TERMS: Policy = {
  title: 'Terms and Conditions',
  description: 'The terms on which Milli sells jewellery online: accounts, prices and GST, orders, payment, delivery, returns and your rights.',
  lead: 'These terms apply whenever you use this website or buy from it. They are written to be read: if anything is unclear, ask us before you order.',
  sections: (s) => [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: <Seller settings={s} />,
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <>
          <p>
            You need an account to place an order, request a custom design or join Milli Harvest. Give us true details, keep your password to yourself and tell
            us at once if you think someone else has used your account. You must be 18 or older to buy, or buy with the consent of a parent or guardian.
          </p>
          <p>We may close an account that is used for fraud or to harm other customers, and we tell you why.</p>
        </>
      ),
    },
    {
      id: 'prices',
      title: 'Prices, GST and the day’s rates',
      body: (
        <>
          <p>
            Prices are in Indian rupees and include GST. The price of a piece with a metal weight is worked out from that weight, the day’s rate for its metal
            and purity, the making charges and the value of its stones; the product page shows this breakup. Adding a piece to your cart does not fix its price:
            the cart shows every piece at the day’s rate, and when the rate has changed since you added it, the cart shows the new price and says so. You pay
            the price at the moment you place the order, which checkout shows before you do; the order and its invoice keep that price.
          </p>
          <p>
            {deliveryCost(s)}, as the cart and checkout show before you pay. There are no other charges. If a price on the website is plainly wrong (a typing
            mistake), we tell you before we dispatch and you choose whether to go on at the right price or cancel with a full refund.
          </p>
        </>
      ),
    },
    {
      id: 'rate-lock',
      title: 'Rate lock (advance booking)',
      body: (
        <>
          {termsInWords({
            advancePercent: s.rateLockAdvancePercent,
            periodsDays: s.rateLockPeriodsDays,
            maxMg: s.rateLockMaxMg,
            unusedAdvance: s.rateLockUnusedAdvance,
          }).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            A lock covers the metal of the purity locked only, and is used by your orders in the order its period ends. If an order that used a lock is
            cancelled, its grams and advance go back to the lock while it runs, or the advance is refunded if the lock has ended. Take a lock on{' '}
            <Link to={RATE_LOCK_PATH}>the rate lock page</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'orders',
      title: 'Orders',
      body: (
        <p>
          Your order is a contract once we confirm it by e-mail with its order number. Stock is checked when you place the order; if a piece turns out to be
          unavailable after all, we tell you and refund what you paid for it in full. Gold pieces carry their BIS hallmark and each one’s HUID (if one is ever
          found short of its marked purity, see <Link to="/returns-and-refunds#purity">Returns and Refunds</Link>); diamonds and gemstones are described as
          their certificates describe them. Photographs show the design; a handmade piece may differ slightly in weight and finish, and the invoice states the
          real net weight.
        </p>
      ),
    },
    {
      id: 'delivery-returns-cancellation',
      title: 'Delivery, returns and cancellation',
      body: (
        <ul>
          <li>
            <Link to="/shipping-policy">Shipping policy</Link>: where we deliver, how long it takes (usually within {s.deliveryDays} days) and what it costs.
          </li>
          <li>
            <Link to="/returns-and-refunds">Returns and refunds</Link>: return a piece within {s.returnWindowDays} days of delivery for a refund of what you
            paid for it.
          </li>
          <li>
            <Link to="/cancellation-policy">Cancellation policy</Link>: cancel free of charge until your parcel is out for delivery.
          </li>
        </ul>
      ),
    },
    {
      id: 'custom-design',
      title: 'Custom designs',
      body: (
        <p>
          A custom piece is made to your design. We send you a CAD design to approve or reject as often as you need; nothing is charged until you approve it.
          Approving asks for an advance of {CAD_ADVANCE_PERCENT}% of the estimated price, and the rest is due before dispatch. The designs we make for you are
          yours to wear, but we may not make the same piece for anyone else without your consent.
        </p>
      ),
    },
    {
      id: 'use-of-site',
      title: 'Using this website',
      body: (
        <p>
          The designs, photographs and texts on this website belong to {storeOf(s)} or to those who let us use them. You may look, share links and buy; you may
          not copy them for sale, scrape the catalogue, or try to reach parts of the website or other customers’ data that are not yours. How we treat your
          personal data is in our <Link to="/legal">privacy policy</Link>.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Law and disputes',
      body: (
        <p>
          These terms are governed by the laws of India. Nothing in them takes away your rights under the Consumer Protection Act, 2019. We would rather settle
          any disagreement by talking: <Reach settings={s} />. Failing that, the courts at Chennai have jurisdiction, without taking away your right to approach
          the consumer commission where you live.
        </p>
      ),
    },
    grievance(s, 'an order or these terms'),
  ],
};

export const SHIPPING: Policy = {
  title: 'Shipping Policy',
  description: 'Where Milli delivers, how long delivery takes, what it costs and how every parcel is insured.',
  lead: 'Every piece travels insured, sealed and tracked, from our workshop to your door.',
  sections: (s) => [
    {
      id: 'where',
      title: 'Where we deliver',
      body: (
        <p>
          We deliver within India, to the PIN codes our insured courier partners serve. Enter your PIN code on any product page to see whether we deliver there
          and by when. A parcel is handed over only to the person named on the order, or to someone they authorise, against an OTP or a signature.
        </p>
      ),
    },
    {
      id: 'when',
      title: 'How long it takes',
      body: (
        <p>
          Pieces in stock reach you within {s.deliveryDays} days of your order; the product page shows the expected date for your PIN code before you buy.
          Custom pieces are made after you approve their design, and we tell you their date when you do. If a delivery is going to be late, we write to you with
          the new date, and you may cancel for a full refund instead of waiting.
        </p>
      ),
    },
    {
      id: 'cost',
      title: 'What it costs',
      body:
        s.shippingFeePaise === 0 ? (
          <p>Delivery is free on every order.</p>
        ) : (
          <p>
            Delivery costs a flat {formatRupees(s.shippingFeePaise)} an order, whatever its size or value, shown in the cart and at checkout. It covers
            insurance in transit: you pay nothing more on delivery.
          </p>
        ),
    },
    {
      id: 'tracking',
      title: 'Tracking your order',
      body: (
        <p>
          My Orders shows each order’s progress (Placed, Picked, Out for Delivery, Delivered) and we e-mail you at every step. If a parcel looks opened or
          damaged, please do not accept it: refuse it, tell us, and we send you the piece again or refund it in full.
        </p>
      ),
    },
    grievance(s, 'a delivery'),
  ],
};

export const RETURNS: Policy = {
  title: 'Returns and Refunds',
  description: 'Return a Milli piece within the return window for a refund: what can be returned, how, and when the money comes back.',
  lead: 'If a piece is not right for you, send it back. This page says how, and when your money comes back.',
  sections: (s) => [
    {
      id: 'window',
      title: `${s.returnWindowDays} days to change your mind`,
      body: (
        <p>
          You may return any piece bought on this website within {s.returnWindowDays} days of its delivery, for any reason, and we refund what you paid for it.
          A piece that arrives damaged, or is not what you ordered, may be returned at any time you find out, and we pay every cost of putting it right.
        </p>
      ),
    },
    {
      id: 'condition',
      title: 'What we need back',
      body: (
        <>
          <p>Please return the piece unworn and unaltered, with what came with it:</p>
          <ul>
            <li>its tags, box and any diamond or gemstone certificate;</li>
            <li>the invoice (a copy from My Orders will do).</li>
          </ul>
          <p>
            Pieces made or changed for you (a custom design, an engraving, a piece resized at your request) cannot be returned for a change of mind, since
            nobody else could wear them; they are covered if they are faulty.
          </p>
        </>
      ),
    },
    {
      id: 'how',
      title: 'How to return a piece',
      body: (
        <p>
          Within the {s.returnWindowDays} days, open the order in <Link to="/completed-orders">My Orders</Link> and choose Return pieces: say which pieces and
          why, add photos if something is wrong, and choose how you would like the money back. You can follow every step there and by e-mail. We arrange an
          insured pickup from your address, or you can bring the piece to any of our <Link to="/store">stores</Link>. We check it within two working days of
          receiving it and tell you the result. If you would rather talk to us, <Reach settings={s} /> with your order number.
        </p>
      ),
    },
    {
      id: 'purity',
      title: 'If a hallmarked piece is short of its purity',
      body: (
        <>
          <p>
            Every gold piece we sell is hallmarked, and its HUID (printed on your invoice) can be checked in the BIS Care app. If a hallmarked piece you bought
            from us is found to be of lower purity than its hallmark states, the Bureau of Indian Standards Rules, 2018 (rule 49) entitle you to compensation of
            twice the difference in value for the shortfall in purity, plus the charges of the testing. This is a right of its own, besides returning a piece
            within the {s.returnWindowDays} days above.
          </p>
          <p>
            To claim it, <Reach settings={s} /> with your order number and the test report
            {s.bisRegistration && <> (our BIS registration is {s.bisRegistration})</>}.
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      title: 'Refunds',
      body: (
        <>
          <p>
            Once the piece is accepted, we refund the price you paid for it (less its share of any coupon discount on the order), within seven working days.
            Your bank may take a few more days to show it. The delivery charge is not refunded.
          </p>
          <ul>
            <li>Paid online: back to the way you paid.</li>
            <li>Paid with your Milli Harvest balance or store credit: that part comes back as store credit.</li>
            <li>
              Paid on delivery: as store credit, or to your bank account if you ask us (<Reach settings={s} />
              ).
            </li>
            <li>You may also choose store credit for the whole refund, to spend on any piece at checkout.</li>
          </ul>
        </>
      ),
    },
    grievance(s, 'a return or a refund'),
  ],
};

export const CANCELLATION: Policy = {
  title: 'Cancellation Policy',
  description: 'Cancel a Milli order free of charge until it is out for delivery; how custom designs and refunds are handled.',
  lead: 'You can change your mind before your parcel leaves us, free of charge.',
  sections: (s) => [
    {
      id: 'orders',
      title: 'Cancelling an order',
      body: (
        <p>
          You may cancel an order from its page in My Orders while it is Placed or Picked, that is until it is out for delivery. Cancelling costs nothing: the
          pieces go back into stock, a coupon you used counts again as unused, and we confirm the cancellation by e-mail. Once the parcel is out for delivery it
          can no longer be cancelled, but you may return it within {s.returnWindowDays} days of delivery (see{' '}
          <Link to="/returns-and-refunds">Returns and Refunds</Link>).
        </p>
      ),
    },
    {
      id: 'refund',
      title: 'Your refund',
      body: (
        <p>
          Whatever you paid for a cancelled order, the delivery charge included, goes back to the way you paid, within seven working days of the cancellation.
        </p>
      ),
    },
    {
      id: 'custom',
      title: 'Custom designs',
      body: (
        <p>
          Until you approve a CAD design you may withdraw your request at any time, and nothing is charged. Once you approve it and pay the{' '}
          {CAD_ADVANCE_PERCENT}% advance, we buy the metal and start making your piece; if you cancel after that, we refund the advance less the cost of the
          work already done, which we show you in writing first.
        </p>
      ),
    },
    {
      id: 'by-us',
      title: 'When we cancel',
      body: (
        <p>
          We cancel an order only when we cannot fulfil it (a piece no longer available, a PIN code our couriers no longer serve) or when a payment is refused.
          We tell you why at once, and refund in full whatever you paid.
        </p>
      ),
    },
    grievance(s, 'a cancellation'),
  ],
};

/** Every legal page besides the privacy policy, in the order the footer lists them. */
export const POLICIES: readonly Policy[] = [TERMS, SHIPPING, RETURNS, CANCELLATION];
