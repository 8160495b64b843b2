/** Locations (of printing and grinding shops): queries, the location dialog, the delete flow and the knife interval editor. */
export { addressOf } from './address';
export { useLocationOptions } from './api/config-options';
export {
  useGrindingShop,
  useGrindingShopEmployees,
  useGrindingShops,
} from './api/grinding-shops';

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
  KnifeIntervalEditor,
  NoCutsPromptEditor,
} from './components/config-option-editor';
export {
  blockReasons,
  showDeleteBlocked,
  useDeleteLocationFlow,
} from './components/delete-location';
export { LocationFormModal } from './components/location-form-modal';
export { LocationBreadcrumbs, LocationLoadError } from './components/location-page-parts';
export type { ShopKind } from './shop-kind';
