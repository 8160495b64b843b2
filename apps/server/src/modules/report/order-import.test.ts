import { randomUUID } from 'node:crypto';
import type { CreatedApiKey, Order, OrderImportResult, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';

/** Import of planned orders from the ERP (issue 18, ADR 0021): CSV and JSON, all or nothing, idempotent. */
let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let operator: TokenPair;
let otherAdmin: TokenPair;
let tenantId: string;
/** a machine at the operator's location, and its serial */
let machineId: string;
let serial: string;
let secondSerial: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ps = (path: string) => `/api/printing-shop${path}`;
const call = (method: Method, url: string, auth: TokenPair | string, payload?: object) =>
  t.request({
    method,
    url,
    headers: typeof auth === 'string' ? { 'x-api-key': auth } : bearer(auth),
    ...(payload ? { payload } : {}),
  });
const importCsv = (csv: string, auth: TokenPair | string = admin) =>
  call('POST', ps('/orders/import-csv'), auth, { csv });
const fieldsOf = (response: { json(): unknown }) =>
  ((response.json() as { details: { fields: { field: string; code: string }[] } }).details.fields ?? []).map(
    (f) => `${f.field} ${f.code}`,
  );
const plannedCount = async () => {
  const [row] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM cutting_jobs WHERE state = 'PLANNED'`),
  );
  return row!.n;
};
const machineOrders = async (tokens = operator) => {
  const response = await call('GET', ps(`/cutting-machines/${machineId}/orders`), tokens);
  expect(response.statusCode).toBe(200);
  return response.json() as Order[];
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  operator = await t.login('demo', 'operator');
  tenantId = tenantOf(admin);
  await t.addTenant('other-erp', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('other-erp', 'admin-printing-shop');
  const machines = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    queryRows<{ id: string; serial: string }>(
      tx,
      sql`SELECT m.id, m.serial_number AS serial FROM cutting_machines m
          JOIN user_locations ul ON ul.location_id = m.location_id
          JOIN users u ON u.id = ul.user_id AND u.username = 'operator'
          WHERE m.deleted_at IS NULL ORDER BY m.serial_number`,
    ),
  );
  machineId = machines[0]!.id;
  serial = machines[0]!.serial;
  secondSerial = machines[1]!.serial;
  // The machine starts without an open order (the demo history may have left one open).
  for (const order of await machineOrders())
    if (order.state === 'OPEN')
      expect((await call('PUT', ps(`/orders/${order.id}/close`), operator)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('ERP order import (CSV)', () => {
  it('creates planned orders that the operator sees on the machine and no report counts', async () => {
    const csv = [
      'Order_Number;Name;Machine_Serial;Planned_Quantity;Due_Date;Program_Number',
      `ERP-1001;"Catalogue ""Spring""; 2026";${serial};12000;2026-12-01;P-7`,
      `ERP-1002;Flyer A5 lot 2;${serial};;2026-11-30;`,
      `ERP-1003;Labels 40x60;${secondSerial};500;;`,
    ].join('\r\n');
    const response = await importCsv(`\uFEFF${csv}\r\n`);
    expect(response.statusCode).toBe(200);
    const result = response.json() as OrderImportResult;
    expect(result).toMatchObject({ created: 3, updated: 0, unchanged: 0, skipped: 0 });
    expect(result.rows.map((r) => [r.row, r.orderNumber, r.outcome])).toEqual([
      [2, 'ERP-1001', 'CREATED'],
      [3, 'ERP-1002', 'CREATED'],
      [4, 'ERP-1003', 'CREATED'],
    ]);

    const orders = await machineOrders();
    // (the demo's own planned orders from its ERP import are there too)
    const planned = orders.filter((o) => o.state === 'PLANNED' && o.externalOrderNumber?.startsWith('ERP-'));
    // planned ones by due date
    expect(planned.map((o) => o.externalOrderNumber)).toEqual(['ERP-1002', 'ERP-1001']);
    expect(planned[1]).toMatchObject({
      name: 'Catalogue "Spring"; 2026',
      orderNumber: 'ERP-1001',
      programNumber: 'P-7',
      plannedQuantity: 12000,
      dueDate: '2026-12-01',
      cuts: 0,
    });

    const now = Date.now();
    const report = await call(
      'GET',
      `/api/report/reports/cutting-jobs?startDate=${new Date(now - 86_400_000).toISOString()}&endDate=${new Date(now + 3_600_000).toISOString()}&page_size=200`,
      manager,
    );
    expect(report.statusCode).toBe(200);
    const names = (report.json() as { items: { name: string }[] }).items.map((i) => i.name);
    expect(names).not.toContain('Flyer A5 lot 2');
    expect(names).not.toContain('Labels 40x60');
  });

  it('is idempotent by the ERP order number: updates planned orders, creates new ones, never touches started ones', async () => {
    const [first] = (await machineOrders()).filter((o) => o.externalOrderNumber === 'ERP-1002');
    const started = await call('PUT', ps(`/orders/${first!.id}/start`), operator);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ state: 'OPEN', externalOrderNumber: 'ERP-1002' });
    // starting twice changes nothing; a second planned order cannot start while one is open
    expect((await call('PUT', ps(`/orders/${first!.id}/start`), operator)).statusCode).toBe(200);
    const [other] = (await machineOrders()).filter((o) => o.externalOrderNumber === 'ERP-1001');
    const busy = await call('PUT', ps(`/orders/${other!.id}/start`), operator);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('service.printing-shops.MACHINE_HAS_OPEN_ORDER');

    const csv = [
      'order_number,name,machine_serial,planned_quantity,due_date,program_number',
      `ERP-1001,"Catalogue ""Spring""; 2026",${serial},15000,2026-12-01,P-7`,
      `ERP-1002,Renamed by the ERP,${serial},99,2027-01-01,`,
      `ERP-1003,Labels 40x60,${secondSerial},500,,`,
      `ERP-1004,Posters A2,${serial},40,2026-12-24,`,
    ].join('\n');
    const result = (await importCsv(csv)).json() as OrderImportResult;
    expect(result).toMatchObject({ created: 1, updated: 1, unchanged: 1, skipped: 1 });
    expect(result.rows.map((r) => [r.orderNumber, r.outcome, r.state])).toEqual([
      ['ERP-1001', 'UPDATED', 'PLANNED'],
      ['ERP-1002', 'SKIPPED_STARTED', 'OPEN'],
      ['ERP-1003', 'UNCHANGED', 'PLANNED'],
      ['ERP-1004', 'CREATED', 'PLANNED'],
    ]);
    const orders = await machineOrders();
    expect(orders[0]).toMatchObject({
      externalOrderNumber: 'ERP-1002',
      state: 'OPEN',
      name: 'Flyer A5 lot 2',
    });
    expect(orders.find((o) => o.externalOrderNumber === 'ERP-1001')!.plannedQuantity).toBe(15000);

    // Closed orders are left alone too; a planned order deleted before it started is CANCELLED.
    expect((await call('PUT', ps(`/orders/${first!.id}/close`), operator)).statusCode).toBe(200);
    const deleted = orders.find((o) => o.externalOrderNumber === 'ERP-1004')!;
    expect((await call('DELETE', ps(`/orders/${deleted.id}`), operator)).statusCode).toBe(204);
    const again = (await importCsv(csv)).json() as OrderImportResult;
    expect(again.rows.map((r) => [r.orderNumber, r.outcome, r.state])).toEqual([
      ['ERP-1001', 'UNCHANGED', 'PLANNED'],
      ['ERP-1002', 'SKIPPED_STARTED', 'CLOSED'],
      ['ERP-1003', 'UNCHANGED', 'PLANNED'],
      ['ERP-1004', 'SKIPPED_STARTED', 'CANCELLED'],
    ]);
  });

  it('imports nothing when a row is wrong and names every problem by row, column and code', async () => {
    const before = await plannedCount();
    const csv = [
      'order_number,name,machine_serial,planned_quantity,due_date',
      `ERP-2001,Good row,${serial},10,2026-12-01`,
      'ERP-2002,Unknown machine,NO-SUCH-0001,10,2026-12-01',
      `ERP-2003,Bad date,${serial},10,01.12.2026`,
      `ERP-2004,,${serial},ten,2026-02-30`,
      `ERP-2001,Twice,${serial},,`,
      `,No number,${serial},,`,
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation.INVALID_INPUT');
    expect(fieldsOf(response)).toEqual([
      'rows.3.machine_serial NOT_FOUND',
      'rows.4.due_date INVALID_FORMAT',
      'rows.5.due_date INVALID_FORMAT',
      'rows.5.name REQUIRED',
      'rows.5.planned_quantity INVALID_FORMAT',
      'rows.6.order_number DUPLICATE',
      'rows.7.order_number REQUIRED',
    ]);
    expect(await plannedCount()).toBe(before);

    const header = await importCsv('order_number,title,machine\nX,Y,Z');
    expect(header.statusCode).toBe(400);
    expect(fieldsOf(header)).toEqual([
      'rows.1.title UNKNOWN_FIELD',
      'rows.1.machine UNKNOWN_FIELD',
      'rows.1.name REQUIRED',
      'rows.1.machine_serial REQUIRED',
    ]);
    const missing = await importCsv('order_number,name\nX,Yes');
    expect(fieldsOf(missing)).toEqual(['rows.1.machine_serial REQUIRED']);
    expect(fieldsOf(await importCsv('order_number,name,machine_serial\n'))).toEqual(['csv REQUIRED']);
  });

  it('is for the admin and the manager, not the operator', async () => {
    const csv = `order_number,name,machine_serial\nERP-3001,Manager's order,${serial}`;
    expect((await importCsv(csv, manager)).statusCode).toBe(200);
    expect((await importCsv(csv, operator)).statusCode).toBe(403);
  });
});

describe('ERP order import (JSON, API key)', () => {
  it('takes the same rows with an orders:write key and names problems as orders.<index>.<field>', async () => {
    const key = await call('POST', ps('/api-keys'), admin, {
      name: `erp ${randomUUID().slice(0, 6)}`,
      scopes: ['orders:write'],
    });
    expect(key.statusCode).toBe(201);
    const secret = (key.json() as CreatedApiKey).key;
    const body = {
      orders: [
        {
          orderNumber: 'ERP-4001',
          name: 'Brochures',
          machineSerial: serial,
          plannedQuantity: 800,
          dueDate: '2026-12-15',
        },
        { orderNumber: 'ERP-4002', name: 'Letterheads', machineSerial: secondSerial },
      ],
    };
    const response = await call('POST', ps('/orders/import'), secret, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 2 });
    expect((await call('POST', ps('/orders/import'), secret, body)).json()).toMatchObject({ unchanged: 2 });

    const bad = await call('POST', ps('/orders/import'), secret, {
      orders: [{ ...body.orders[0], machineSerial: 'NO-SUCH-0001' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['orders.0.machineSerial NOT_FOUND']);
    const invalid = await call('POST', ps('/orders/import'), secret, {
      orders: [{ ...body.orders[0], dueDate: '2026-13-01' }],
    });
    expect(fieldsOf(invalid)).toEqual(['orders.0.dueDate INVALID_FORMAT']);

    const readOnly = await call('POST', ps('/api-keys'), admin, {
      name: `ro ${randomUUID().slice(0, 6)}`,
      scopes: ['orders:read'],
    });
    expect(
      (await call('POST', ps('/orders/import'), (readOnly.json() as CreatedApiKey).key, body)).statusCode,
    ).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another tenant can neither plan on this tenant's machines nor start or see its planned orders", async () => {
    const [planned] = (await machineOrders()).filter((o) => o.state === 'PLANNED');
    const response = await importCsv(
      `order_number,name,machine_serial\nERP-1001,Hijack,${serial}`,
      otherAdmin,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['rows.2.machine_serial NOT_FOUND']);
    const start = await call('PUT', ps(`/orders/${planned!.id}/start`), otherAdmin);
    expect([403, 404]).toContain(start.statusCode);
    const [row] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ state: string; name: string }>(
        tx,
        sql`SELECT state, name FROM cutting_jobs WHERE id = ${planned!.id}`,
      ),
    );
    expect(row!.state).toBe('PLANNED');
    const theirs = await t.app.kerf.transactions.withTenant(tenantOf(otherAdmin), (tx) =>
      queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM cutting_jobs`),
    );
    expect(theirs[0]!.n).toBe(0);
  });
});
