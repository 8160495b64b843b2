/** Printing-shop administration (spec §2 "Printing-shop admin", §7 "Printing-shop server"), at /api/printing-shop. */
export { seedDemoAdministration } from './demo-administration';
export { registerPrintingShopRoutes } from './printing-shop.routes';
export { createPrintingShopService, type PrintingShopService } from './printing-shop.service';
