/**
 * The street part of an address, shown above its city line. A shopper who also typed the city into the address
 * ('12 Temple Street, Mylapore, Chennai' with the city Chennai), or a showroom stored that way, would otherwise read
 * the city twice (issue 40). Only a last comma-separated part that is the city itself (any case, a PIN code after
 * it allowed) is left out: 'New Delhi' above 'Delhi' stays, it is more than the city line says.
 */
export function streetLine(address: string, city: string): string {
  const street = address.trim().replace(/[,\s]+$/, '');
  const wanted = city.trim().toLowerCase();
  const parts = street.split(',');
  if (wanted === '' || parts.length < 2) return street;
  const last = parts
    .at(-1)!
    .replace(/[\s-]*\d{6}$/, '')
    .trim()
    .toLowerCase();
  return last === wanted ? parts.slice(0, -1).join(',').trim() : street;
}
