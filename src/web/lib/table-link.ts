/**
 * The table a QR code chose (issue 8): the codes on the tables open the catalog with
 * `dineInSpaceId` (or `dineInValue`); the tab keeps it, so checkout starts as dine-in at
 * that table however the shopper gets there (spec §4: the space is honoured only if the
 * shop has it, which checkout checks).
 */
const key = (shopId: string) => `${shopId}/dineIn`;

export function rememberTable(shopId: string, search: string): void {
  const params = new URLSearchParams(search);
  const picked = new URLSearchParams();
  for (const name of ['dineInSpaceId', 'dineInValue']) {
    const value = params.get(name)?.trim();
    if (value) picked.set(name, value.slice(0, 60));
  }
  if (!picked.size) return;
  try {
    sessionStorage.setItem(key(shopId), picked.toString());
  } catch {
    // no tab storage: the table is chosen at checkout
  }
}

export function rememberedTable(shopId: string): URLSearchParams {
  try {
    return new URLSearchParams(sessionStorage.getItem(key(shopId)) ?? '');
  } catch {
    return new URLSearchParams();
  }
}
