import type {
  KnifeComparisonCsvQuerySchema,
  KnifeCreateSchema,
  KnifeCsvQuerySchema,
  KnifeDetails,
  KnifeListQuerySchema,
  KnifeUpdateSchema,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { findKnifeDetails, type KnifeFilters } from './knife-views.repository';

/* What the knife services (views, edits, exports) share. No SQL here: that is in the repositories. */

export type ListQuery = z.output<typeof KnifeListQuerySchema>;
export type CsvQuery = z.output<typeof KnifeCsvQuerySchema>;
export type ComparisonQuery = z.output<typeof KnifeComparisonCsvQuerySchema>;
export type KnifeUpdate = z.output<typeof KnifeUpdateSchema>;
export type KnifeCreate = z.output<typeof KnifeCreateSchema>;

export function filtersOf(query: ListQuery | CsvQuery): KnifeFilters {
  return {
    search: query.search || undefined,
    locationIds: query.locationIds,
    states: query.states,
    urgencies: query.urgencies,
    sort: query.sort,
    descending: query.sort_direction === 'DESCENDING',
  };
}

export async function requireDetails(tx: Tx, rfid: string): Promise<KnifeDetails> {
  const [knife] = await findKnifeDetails(tx, [rfid]);
  if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
  return knife;
}

/** Runs `fn` in the actor's tenant. */
export const tenantRunner =
  (transactions: Transactions) =>
  <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);
