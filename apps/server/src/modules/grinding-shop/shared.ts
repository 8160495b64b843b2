import type { GrindingShop } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { findGrindingShop } from './grinding-shops.repository';

export async function requireGrindingShop(tx: Tx, id: string): Promise<GrindingShop> {
  const location = await findGrindingShop(tx, id);
  if (!location) throw new AppError('service.grinding-shops.LOCATION_NOT_FOUND');
  return location;
}
