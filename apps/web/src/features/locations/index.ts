/** Locations (of printing and grinding shops): queries, the location dialog, the delete flow and the knife interval editor. */
export { addressOf } from './address';
export { useLocationOptions } from './api/config-options';
export {
  type GrindingShopListQuery,
  useGrindingShop,
  useGrindingShopEmployees,
  useGrindingShops,
} from './api/grinding-shops';
export { locationKeys } from './api/keys';
export {
  type LocationListQuery,
  useAssignedLocations,
  useLocation,
  useLocationEmployees,
  useLocationMachines,
  useLocations,
  useMachinesOfLocations,
  useMinimalLocations,
} from './api/locations';
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
