import type { OutgoingMail } from './repository.ts';

export interface Brand {
  storeName: string;
  helpLine: string;
  emailPrimary: string;
}

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A branded mail that reads well on a phone: one narrow column, large text, plain-text twin. Every module's mails use it. */
export function layout(
  brand: Brand,
  heading: string,
  paragraphs: string[],
  highlight?: string,
  link?: { label: string; href: string },
): { text: string; html: string } {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(highlight ? [highlight, ''] : []),
    ...(link ? [`${link.label}: ${link.href}`, ''] : []),
    `${brand.storeName} · ${brand.helpLine} · ${brand.emailPrimary}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(heading)}</title></head>
<body style="margin:0;background:#f7f1ea;font-family:Georgia,'Times New Roman',serif;color:#2b1d16">
<div style="max-width:520px;margin:0 auto;padding:24px 16px">
<p style="font-size:28px;letter-spacing:2px;color:#7b2d26;margin:0 0 16px">${escape(brand.storeName)}</p>
<div style="background:#fff;border-radius:12px;padding:24px;border-top:4px solid #c9a24a">
<h1 style="font-size:22px;margin:0 0 12px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 12px">${escape(p)}</p>`).join('\n')}
${highlight ? `<p style="font-size:34px;letter-spacing:10px;font-weight:bold;text-align:center;margin:20px 0;color:#7b2d26">${escape(highlight)}</p>` : ''}
${link ? `<p style="margin:20px 0;text-align:center"><a href="${escape(link.href)}" style="display:inline-block;background:#7b2d26;color:#fff;font-size:16px;padding:12px 20px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p>` : ''}
</div>
<p style="font-size:13px;color:#6b5a50;margin:16px 0 0">${escape(brand.storeName)} · ${escape(brand.helpLine)} · ${escape(brand.emailPrimary)}</p>
</div></body></html>`;
  return { text, html };
}

/**
 * What the sender of a public form typed (a name, a company), for the end of a mail: labelled as given, never in the
 * subject, heading or opening lines, so a stranger's words cannot pose as the store's to whoever the mail reaches
 * (issue 35).
 */
export function givenDetails(fields: readonly (readonly [label: string, value: string | null | undefined])[]): string {
  const shown = fields.filter(([, value]) => value && value.trim() !== '').map(([label, value]) => `${label}: ${value!.trim()}`);
  return `As given with the request: ${shown.join('; ')}.`;
}

export function welcomeMail(brand: Brand, to: string, username: string): OutgoingMail {
  const body = layout(brand, `Welcome to ${brand.storeName}`, [
    'Your account is ready. Log in to keep a wish list, follow your orders and ask our designers for a piece made just for you.',
    `Questions? Call us on ${brand.helpLine} or reply to this mail.`,
    givenDetails([['Username', username]]),
  ]);
  return { to, subject: `Welcome to ${brand.storeName}`, kind: 'welcome', ...body };
}

export function otpMail(brand: Brand, to: string, code: string, minutes: number, resetUrl: string, linkHours: number): OutgoingMail {
  const body = layout(
    brand,
    'Your one-time password',
    [
      `Use this code to reset your ${brand.storeName} password. It works for ${minutes} minutes.`,
      `Or use the link below, which works for ${linkHours} hours, even when the code has run out of tries.`,
      'If you did not ask to reset your password, you can ignore this mail: your password stays as it is.',
    ],
    code,
    { label: 'Set a new password', href: resetUrl },
  );
  return { to, subject: `${code} is your ${brand.storeName} password reset code`, kind: 'password-reset', ...body };
}

export function passwordChangedMail(brand: Brand, to: string): OutgoingMail {
  const body = layout(brand, 'Your password was changed', [
    'The password of your account was just changed, and every other device was logged out.',
    `If this was not you, call us at once on ${brand.helpLine}.`,
  ]);
  return { to, subject: `Your ${brand.storeName} password was changed`, kind: 'password-changed', ...body };
}

/** To the address a customer's account just left, with the single-use link that puts it back. */
export function emailChangedMail(brand: Brand, to: string, newEmail: string, undoUrl: string, days: number): OutgoingMail {
  const body = layout(
    brand,
    'Your e-mail address was changed',
    [
      `The e-mail address of your ${brand.storeName} account was just changed from this address to ${newEmail}.`,
      `If this was not you, use the link below within ${days} days: it puts this address back, logs out every device and asks for a new password, which we will send a code for to this address.`,
      `If it was you, there is nothing to do. Questions? Call us on ${brand.helpLine}.`,
    ],
    undefined,
    { label: 'This was not me: undo the change', href: undoUrl },
  );
  return { to, subject: `Your ${brand.storeName} e-mail address was changed`, kind: 'email-changed', ...body };
}
