import { exportMachineReport, refresh, routeUrl } from '@kerf/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { downloadFile } from './download';
import { createHttpClient } from './http-client';
import { createTokenStore } from './token-store';

const BOM = [0xef, 0xbb, 0xbf];
const CSV = 'machine;cuts\r\nSchneider 1;12\r\n';

function setUp(firstAnswer: 'expired' | 'ok' | 'refused', disposition?: string) {
  const tokens = createTokenStore(window.localStorage);
  tokens.set({ bearerToken: 'old', refreshToken: 'r1' });
  const seen: { url: string; authorization?: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const authorization = (init.headers as Record<string, string> | undefined)?.authorization;
    seen.push({ url, authorization });
    if (url === routeUrl(refresh))
      return new Response(
        JSON.stringify({ bearerToken: 'new', refreshToken: 'r2', tokenType: 'Bearer', expiresIn: 900 }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    if (firstAnswer === 'refused')
      return new Response(JSON.stringify({ code: 'authentication.FORBIDDEN', message: 'x' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    if (firstAnswer === 'expired' && authorization === 'Bearer old')
      return new Response(JSON.stringify({ code: 'authentication.TOKEN_EXPIRED', message: 'x' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(new Uint8Array([...BOM, ...new TextEncoder().encode(CSV)]), {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        ...(disposition ? { 'content-disposition': disposition } : {}),
      },
    });
  });
  const http = createHttpClient({ fetch, tokens });
  const saved: { href: string; download: string; blob?: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:test/${++next}`;
    blobs.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = (href: string) => void blobs.delete(href);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download, blob: blobs.get(this.href) });
  });
  return { http, seen, saved };
}

afterEach(() => vi.restoreAllMocks());

const QUERY = {
  startDate: '2026-11-20T09:00:00.000Z',
  endDate: '2026-11-21T09:00:00.000Z',
  timeZone: 'Europe/Berlin',
  locations: ['11111111-1111-4111-8111-111111111111'],
};

describe('CSV download', () => {
  it('sends the bearer token, refreshes once on a 401, and saves the bytes with their BOM', async () => {
    const { http, seen, saved } = setUp('expired');
    await downloadFile(http, exportMachineReport, QUERY, 'machines.csv');
    const exports = seen.filter((call) =>
      call.url.startsWith('/api/report/reports/cutting-machines/csv-exports'),
    );
    expect(exports.map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(exports[0]?.url).toContain('timeZone=Europe%2FBerlin');
    expect(exports[0]?.url).toContain('locations=11111111-1111-4111-8111-111111111111');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.download).toBe('machines.csv');
    const blob = saved[0]?.blob;
    if (!blob) throw new Error('nothing saved');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(CSV);
    // the link is gone again
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("saves the file under the server's name (export, tenant, period) when it gives one", async () => {
    const { http, saved } = setUp(
      'ok',
      'attachment; filename="cutting-machines-demo-2026-11-20--2026-11-20.csv"',
    );
    await downloadFile(http, exportMachineReport, QUERY, 'machines.csv');
    expect(saved.map((file) => file.download)).toEqual(['cutting-machines-demo-2026-11-20--2026-11-20.csv']);
  });

  it('a refused download throws the catalogue error and saves nothing', async () => {
    const { http, saved } = setUp('refused');
    const error = await downloadFile(http, exportMachineReport, QUERY, 'machines.csv').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('authentication.FORBIDDEN');
    expect(saved).toHaveLength(0);
  });
});
