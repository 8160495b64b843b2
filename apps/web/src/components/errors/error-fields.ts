import type { ErrorCode } from '@kerf/contracts';

/**
 * Catalogue codes that are about one field of the request. A form shows them under that field (the
 * first of the listed names the form has), not in a toast: "This serial number is already in use"
 * belongs next to the serial number.
 */
export const FIELD_OF_ERROR: Partial<Record<ErrorCode, readonly string[]>> = {
  'authentication.USER_ALREADY_EXISTS': ['username'],
  'authentication.INVALID_PASSWORD': ['currentPassword', 'password'],
  'authentication.ROLE_NOT_ASSIGNABLE': ['role', 'roles'],
  'service.printing-shops.SERIAL_NUMBER_NOT_FREE': ['serialNumber'],
  'service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED': ['serialNumber'],
  'service.printing-shops.TEAM_NAME_TAKEN': ['name'],
  'service.printing-shops.WEBHOOK_URL_NOT_ALLOWED': ['url'],
  'service.grinding-shops.SERIAL_NUMBER_ALREADY_USED': ['serialNumber'],
  'service.grinding-shops.USER_HAS_NO_LOCATION': ['grindingShopIds', 'printingShopIds'],
  'service.grinding-shops.LOCATION_NOT_FOUND': ['grindingShopIds', 'grindingShopId'],
  'service.knives.INVALID_ARTICLE_NUMBER': ['articleNumber'],
  'service.knives.KNIFE_ALREADY_EXISTS': ['rfid'],
  'service.knives.KNIFE_HEIGHT_INCREASED': ['height'],
  'service.knives.KNIFE_THICKNESS_INCREASED': ['backThickness'],
  'service.knives.TENANT_ID_TAKEN': ['tenantId', 'id'],
  'service.customer-service.SERVICE_AREA_NAME_TAKEN': ['name'],
  'service.customer-service.SERVICE_AREA_NOT_FOUND': ['serviceAreaIds'],
};

/** The field of `fields` that a catalogue code is about, if the code names one the form has. */
export function fieldOfError(code: string, fields: readonly string[]): string | undefined {
  return FIELD_OF_ERROR[code as ErrorCode]?.find((field) => fields.includes(field));
}
