import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SELF } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { signIn } from '../printing-admin/test-server';

const OWNER_A = '11111111-1111-4111-8111-111111111111';
const OWNER_B = '22222222-2222-4222-8222-222222222222';
const SENT = '2026-11-26T09:00:00.000Z';

const stay = (n: number, owner: string, received: boolean) => ({
  id: `33333333-3333-4333-8333-33333333333${n}`,
  rfid: `E28011600000001${n}`,
  ownerId: owner,
  articleNumber: 'PM-K-1150',
  knifeClassName: 'HSS standard',
  ownerName: owner === OWNER_A ? 'Druckerei Beispiel GmbH' : 'Druckhaus Alpenblick GmbH',
  grindingShopName: 'Schleiferei Muster KG',
  state: 'AT_GRINDER',
  sentAt: SENT,
  receivedAt: received ? SENT : null,
  returnedAt: null,
  deliveredAt: null,
  scrappedAt: null,
  outboundShipmentId: '44444444-4444-4444-8444-444444444444',
  returnShipmentId: null,
  cycles: received ? 1 : 0,
});
const INBOX = [stay(1, OWNER_A, true), stay(2, OWNER_B, false), stay(3, OWNER_A, false)];

/** The grinder's server: the inbox, receive, ship back and one knife's pages (owner and RFID). */
function fakeGrinderServer() {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, { ...SELF, role: 'GRINDER' });
    if (url === '/api/grinding-shop/shipments/inbox') return jsonResponse(200, INBOX);
    if (url === '/api/grinding-shop/rfid-conflicts')
      return jsonResponse(200, [
        {
          id: '55555555-5555-4555-8555-555555555555',
          rfid: INBOX[0]!.rfid,
          grindingShopName: 'Schleiferei Muster KG',
          at: SENT,
          side: 'GRINDING_SHOP',
        },
      ]);
    if (url === '/api/grinding-shop/shipments' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { owner: string; rfids: string[] };
      return jsonResponse(201, {
        id: '66666666-6666-4666-8666-666666666666',
        partnershipId: '77777777-7777-4777-8777-777777777777',
        direction: 'TO_OWNER',
        printingShopName: INBOX.find((s) => s.ownerId === body.owner)!.ownerName,
        grindingShopName: 'Schleiferei Muster KG',
        shippedAt: SENT,
        knives: INBOX.filter((s) => s.ownerId === body.owner && body.rfids.includes(s.rfid)).map((s) => ({
          ...s,
          state: 'SHIPPED_BACK',
          returnedAt: SENT,
        })),
      });
    }
    const receive = url.match(/^\/api\/grinding-shop\/knives\/(\w+)\/receive\?owner=([\w-]+)$/);
    if (receive && method === 'POST') {
      const found = INBOX.find((s) => s.rfid === receive[1] && s.ownerId === receive[2])!;
      return jsonResponse(200, grinderKnife(found));
    }
    const knife = url.match(/^\/api\/grinding-shop\/knives\/(\w+)\?owner=([\w-]+)$/);
    if (knife) {
      const found = INBOX.find((s) => s.rfid === knife[1] && s.ownerId === knife[2]);
      return found
        ? jsonResponse(200, grinderKnife(found))
        : jsonResponse(404, { code: 'service.knives.KNIFE_NOT_FOUND', message: 'not found' });
    }
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'not found' });
  });
}

function grinderKnife(custody: ReturnType<typeof stay>) {
  return {
    rfid: custody.rfid,
    articleNumber: custody.articleNumber,
    knifeClassName: custody.knifeClassName,
    ownerName: custody.ownerName,
    state: 'AT_GRINDER',
    height: 140,
    backThickness: 13.5,
    originalHeight: 148,
    originalBackThickness: 13.5,
    angleVf: 26,
    angleHf: 24,
    angleTm: 19,
    material: 'HSS',
    rotation: 3,
    cutsSinceLastGrinding: 3100,
    totalCuts: 20000,
    custody: { ...custody, receivedAt: SENT },
    cycles: [],
    forecast: {
      rfid: custody.rfid,
      height: 140,
      originalHeight: 148,
      minimumHeight: 123,
      averageLossPerGrind: 0.65,
      lossSource: 'DEFAULT',
      regrindsLeft: 26,
      averageCutsPerCycle: null,
      estimatedCutsLeft: null,
      averageDaysBetweenGrinds: null,
      estimatedEndOfLife: null,
      state: 'AT_GRINDER',
    },
  };
}

const requests = (fetch: ReturnType<typeof fakeGrinderServer>, method: string, prefix: string) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).startsWith(prefix) && (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    }));

/** Tables hide low-priority columns on a phone: these screens are checked at desktop width. */
const phone = window.matchMedia;
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    ...phone(query),
    matches: query.trim() === '' || /min-width/.test(query),
  })) as typeof window.matchMedia;
});
afterEach(() => {
  window.matchMedia = phone;
  vi.restoreAllMocks();
  // toasts live outside the rendered app: none may carry over into the next screen's checks
  notifications.clean();
});

describe('the grinder names a knife by its owner and RFID', () => {
  it('receives a scanned RFID as the knife of the owner whose stay it is, and opens that knife', async () => {
    const fetch = fakeGrinderServer();
    signIn();
    await renderApp({ path: '/grinder' });
    const table = await screen.findByRole(
      'table',
      { name: 'Knives on the way and on the bench' },
      { timeout: 20_000 },
    );
    // one state for every knife: at the grinder, the ones not received yet say so
    expect(within(table).getAllByText('At the grinder')).toHaveLength(3);
    expect(within(table).getAllByText('not received yet')).toHaveLength(2);
    expect(
      screen.getByText(/a second partner tried to send a knife with an RFID you already hold/),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('RFID of the knife'), 'E2801160ffffffff');
    await userEvent.click(screen.getByRole('button', { name: 'Receive knife' }));
    expect(
      await screen.findByText('No knife with this RFID is on its way to you or on your bench.'),
    ).toBeInTheDocument();
    expect(requests(fetch, 'POST', '/api/grinding-shop/knives')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('RFID of the knife'));
    await userEvent.type(screen.getByLabelText('RFID of the knife'), INBOX[1]!.rfid.toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'Receive knife' }));
    expect(await screen.findByText(`Owner: ${INBOX[1]!.ownerName}`)).toBeInTheDocument();
    expect(requests(fetch, 'POST', '/api/grinding-shop/knives').map((r) => r.url)).toEqual([
      `/api/grinding-shop/knives/${INBOX[1]!.rfid}/receive?owner=${OWNER_B}`,
    ]);
    expect(screen.getByRole('heading', { level: 1, name: INBOX[1]!.rfid })).toBeInTheDocument();
  });

  it('ships the selected knives back in one shipment per owner', async () => {
    const fetch = fakeGrinderServer();
    signIn();
    await renderApp({ path: '/grinder' });
    const table = await screen.findByRole(
      'table',
      { name: 'Knives on the way and on the bench' },
      { timeout: 20_000 },
    );
    await userEvent.click(within(table).getByLabelText('Select all knives'));
    await userEvent.click(screen.getByRole('button', { name: 'Ship back (3)' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ship back' }),
    );
    await waitFor(() => expect(requests(fetch, 'POST', '/api/grinding-shop/shipments')).toHaveLength(2));
    expect(requests(fetch, 'POST', '/api/grinding-shop/shipments').map((r) => r.body)).toEqual([
      { owner: OWNER_A, rfids: [INBOX[0]!.rfid, INBOX[2]!.rfid] },
      { owner: OWNER_B, rfids: [INBOX[1]!.rfid] },
    ]);
  });
});

describe('the grinder’s screens have no raw strings', () => {
  const options = pseudoLocale();

  it('workbench', async () => {
    fakeGrinderServer();
    signIn();
    await renderApp(options('/grinder'));
    await screen.findByText(INBOX[0]!.rfid, {}, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('a knife on the bench', async () => {
    fakeGrinderServer();
    signIn();
    await renderApp(options(`/grinder/owners/${OWNER_A}/knives/${INBOX[0]!.rfid}`));
    await screen.findAllByText(/Druckerei Beispiel GmbH/, {}, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
  });
});
