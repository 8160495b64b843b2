/** Knife logistics between companies: partners, shipments, the grinder's workbench, passport and forecast. */

export {
  useGrinderKnife,
  useReceiveKnife,
  useReceiveKnifeBack,
  useScrapKnife,
} from './api/knives';
export { usePartnerships } from './api/partnerships';
export { useInbox, useShipBack } from './api/shipments';
export { StayStateBadge } from './components/custody-state-badge';
export { GrindingCycleModal } from './components/grinding-cycle-modal';
export { GrindingShopPartnersPage } from './components/grinding-shop-partners';
export { InvitePartnerModal } from './components/invite-partner-modal';
export { KnifeForecast } from './components/knife-forecast';
export { KnifePassport } from './components/knife-passport';
export { PartnershipsTable } from './components/partnerships-table';
export { RfidConflicts } from './components/rfid-conflicts';
export { ShipKnivesModal } from './components/ship-knives-modal';
export { ShipmentsTable } from './components/shipments-table';
