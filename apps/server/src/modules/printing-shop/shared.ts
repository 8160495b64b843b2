import type { PrintingShop } from '@kerf/contracts';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { findMachine, type MachineRow } from '../machines/index';
import { findLocation } from './locations.repository';

/** What the services of this module share: phone numbers and lookups that must find. */

/** A phone number in international format, normalised to E.164; null when empty. */
export function normalisePhone(phone: string | null | undefined, field: string): string | null {
  if (!phone) return null;
  if (!isValidPhoneNumber(phone)) throw AppError.fields([{ field, in: 'body', code: 'INVALID_PHONE' }]);
  return parsePhoneNumberWithError(phone).number;
}

export async function requireLocation(tx: Tx, id: string): Promise<PrintingShop> {
  const location = await findLocation(tx, id);
  if (!location) throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
  return location;
}

export async function requireMachine(tx: Tx, id: string): Promise<MachineRow> {
  const machine = await findMachine(tx, id);
  if (!machine) throw new AppError('service.printing-shops.MACHINE_NOT_FOUND');
  return machine;
}
