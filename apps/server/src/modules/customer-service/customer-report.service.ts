import type { Language } from '@kerf/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  type CsvColumn,
  csvCells,
  csvColumns,
  csvHeader,
  type ExportTexts,
  exportFileName,
  exportTexts,
  tenantSlug,
} from '../../lib/csv-export';
import type { AuditedAccess } from './audited-access';
import { DAY_MS } from './customer-service';
import { reportRows, tenantSlugs } from './customers.repository';

/** The customers CSV of customer service (docs/exports.md), through `audited`. */
export function createCustomerReportService(deps: { audited: AuditedAccess }) {
  const { audited } = deps;

  return {
    /**
     * The customers CSV (docs/exports.md): one line per machine of the chosen customers (all when
     * none are chosen), in the export's language, and its file name — `customers-all-<own tenant>-…`
     * or `customers-<customer slugs>-…` (`customers-selected-<n>-…` beyond three), then the period's
     * first and last day — so the two exports never share a name.
     */
    report(actor: Actor, query: { tenantIds?: string[]; days: number; lang?: Language; timeZone: string }) {
      const { tenantIds, days } = query;
      return audited(
        actor,
        'customer-service.report.export',
        { tenantIds: tenantIds ?? 'ALL', days },
        async (tx, scope) => {
          const selected = tenantIds?.length ? [...new Set(tenantIds)] : null;
          const chosen = selected ?? scope.tenantIds;
          if (chosen.some((id) => !scope.tenantIds.includes(id)))
            throw new AppError('service.customer-service.CUSTOMER_NOT_FOUND');
          const since = new Date(Date.now() - days * DAY_MS);
          const rows = await reportRows(tx, chosen, since);
          const texts = exportTexts(query.lang);
          const columns = customerReportColumns(texts, query.timeZone);
          const slugs = selected ? await tenantSlugs(tx, selected) : [];
          const who = !selected
            ? `all-${await tenantSlug(tx, actor.tenantId)}`
            : slugs.length <= 3
              ? slugs.join('-')
              : `selected-${slugs.length}`;
          const fileName = exportFileName({
            what: 'customers',
            tenant: who,
            from: since,
            to: new Date(),
            timeZone: query.timeZone,
          });
          return {
            result: {
              fileName,
              texts,
              header: csvHeader(columns),
              lines: rows.map((row) => csvCells(columns, row)),
            },
            touched: chosen.map((tenantId) => ({
              tenantId,
              targetType: 'report' as const,
              label: `${days} d`,
            })),
          };
        },
      );
    },
  };
}

export type CustomerReportService = ReturnType<typeof createCustomerReportService>;

type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

/** The columns of the customers CSV: online status and machine status as label and code. */
function customerReportColumns(texts: ExportTexts, timeZone: string): CsvColumn<ReportRow>[] {
  const c = csvColumns(texts, timeZone);
  type R = ReportRow;
  return [
    ...c.plain<R>('customer', ({ machine }) => machine.tenantName),
    ...c.plain<R>('machine', ({ machine }) => machine.name),
    ...c.plain<R>('serialNumber', ({ machine }) => machine.serialNumber),
    ...c.plain<R>('manufacturer', ({ machine }) => machine.manufacturer),
    ...c.plain<R>('type', ({ machine }) => machine.type),
    ...c.plain<R>('location', ({ machine }) => machine.locationName),
    ...c.instant<R>('licensedAt', ({ machine }) => machine.licensedAt),
    ...c.coded<R>('onlineStatus', 'onlineStatus', ({ machine }) => machine.onlineStatus),
    ...c.coded<R>('status', 'machineStatus', ({ machine }) => machine.status),
    ...c.plain<R>('uptimeHours', ({ usage }) => Math.round(((usage?.runningSeconds ?? 0) / 3600) * 10) / 10),
    ...c.plain<R>('cuts', ({ usage }) => usage?.cuts ?? 0),
    ...c.plain<R>('totalCuts', ({ machine }) => machine.totalCuts),
  ];
}
