/** The store's mails' one look (every module's mails use it) and the words a form's sender typed, kept apart. */
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
