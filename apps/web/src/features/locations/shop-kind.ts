/**
 * Whose locations a block shows: a printing shop's (`/api/printing-shop/printing-shops`) or a
 * grinding shop's (`/api/grinding-shop/grinding-shops`). Both are locations with the same address.
 */
export type ShopKind = 'printing-shop' | 'grinding-shop';
