/** 'tel:' link for a help line as the store writes it ('+91 44 4000 1234' → 'tel:+914440001234'). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
