const ID = /^\d{1,10}$/;

/** A product id from an address (`/product-detail/:id`, `/review/:productId`): digits within PostgreSQL's integer, else null. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !ID.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
