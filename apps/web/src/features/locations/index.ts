/** Locations (of printing and grinding shops): queries, the location dialog, the delete flow and the knife interval editor. */
export { addressOf } from './address';
export { useLocation, useLocationOptions } from './api/get-location';
export {
  type GrindingShopListQuery,
  useGrindingShop,
  useGrindingShopEmployees,
  useGrindingShops,
} from './api/grinding-shops';
export { locationKeys } from './api/keys';
export { useAssignedLocations, useMachinesOfLocations } from './api/list-assigned-locations';
export { useLocationEmployees } from './api/list-location-employees';
export { useLocationMachines } from './api/list-location-machines';
export { type LocationListQuery, useLocations } from './api/list-locations';
export { useMinimalLocations } from './api/list-locations-minimal';
export {
  ConfigOptionEditor,
  formatMinutes,
  KnifeIntervalEditor,
  NoCutsPromptEditor,
} from './components/config-option-editor';
export {
  blockReasons,
  type DeleteBlock,
  showDeleteBlocked,
  useDeleteLocationFlow,
} from './components/delete-location';
export { LocationFormModal } from './components/location-form-modal';
export { LocationBreadcrumbs, LocationLoadError } from './components/location-page-parts';
export type { ShopKind } from './shop-kind';
