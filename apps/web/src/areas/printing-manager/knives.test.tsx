import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SELF } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { signIn } from '../printing-admin/test-server';

const LOCATION_ID = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-21T09:00:00.000Z';
const rfid = (n: number) => `E2801160${String(n).padStart(8, '0')}`;

const summary = (n: number) => ({
  rfid: rfid(n),
  articleNumber: 'PM-K-1150',
  knifeClassName: 'HSS standard',
  height: 140.5,
  backThickness: 13.5,
  cutsSinceLastGrinding: 3100 + n,
  totalCuts: 41000,
  effectiveSwapInterval: 3500,
  swapUrgency: 'SWAP_PREFERRED',
  state: 'ACTIVE',
  latestScan: {
    at: NOW,
    locationId: LOCATION_ID,
    locationName: 'Werk Nord',
    machineId: null,
    machineName: 'Schneider 1',
  },
});
const details = (n: number) => ({
  ...summary(n),
  angleVf: 26,
  angleHf: 24,
  angleTm: 19,
  carrierMaterial: 'tool steel',
  material: 'HSS',
  rotation: 2,
  averageCutsPerCycle: 3500,
  originalHeight: 142,
  originalBackThickness: 13.5,
  knifeSwapInterval: null,
  swapIntervalSource: 'PRINTING_SHOP',
  createdAt: NOW,
  updatedAt: NOW,
});
const cycles = [
  {
    id: '44444444-4444-4444-8444-444444444441',
    sharpenedAt: '2026-10-01T08:00:00.000Z',
    cutsInCycle: 3400,
    height: 141.2,
    backThickness: 13.5,
    angleVf: 26,
    angleHf: 24,
    angleTm: 19,
    grindingReference: null,
  },
  {
    id: '44444444-4444-4444-8444-444444444442',
    sharpenedAt: '2026-11-01T08:00:00.000Z',
    cutsInCycle: 3600,
    height: 140.5,
    backThickness: 13.5,
    angleVf: 26,
    angleHf: 24,
    angleTm: 19,
    grindingReference: null,
  },
];
const events = [
  {
    at: NOW,
    kind: 'SCANNED_IN',
    machineId: null,
    machineName: 'Schneider 1',
    locationId: LOCATION_ID,
    locationName: 'Werk Nord',
    cutsInCycle: null,
    height: null,
    changedFields: null,
    state: null,
    value: null,
    actorName: null,
  },
  {
    at: '2026-11-01T08:00:00.000Z',
    kind: 'GROUND',
    machineId: null,
    machineName: null,
    locationId: null,
    locationName: null,
    cutsInCycle: 3600,
    height: 140.5,
    changedFields: null,
    state: null,
    value: null,
    actorName: null,
  },
  {
    at: '2026-10-20T08:00:00.000Z',
    kind: 'EDITED',
    machineId: null,
    machineName: null,
    locationId: null,
    locationName: null,
    cutsInCycle: null,
    height: null,
    changedFields: ['height', 'material'],
    state: null,
    value: null,
    actorName: 'Markus Weber',
  },
];
const page = <T,>(items: T[], pageSize = 10) => ({ items, page: 0, pageSize, total: items.length });

function fakeKnifeServer() {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const k = '/api/knife/knives';
    if (url.startsWith('/api/auth/users/self'))
      return jsonResponse(200, { ...SELF, role: 'PRINTING_SHOP_MANAGER' });
    if (url.startsWith('/api/printing-shop/printing-shops/minimal-info'))
      return jsonResponse(200, page([{ id: LOCATION_ID, name: 'Werk Nord' }], 1000));
    if (url.startsWith(`${k}/minimal-info`))
      return jsonResponse(
        200,
        page(
          [1, 2, 3, 4, 5, 6, 7].map((n) => ({
            rfid: rfid(n),
            articleNumber: 'PM-K-1150',
            knifeClassName: 'HSS standard',
          })),
          1000,
        ),
      );
    if (url.startsWith(`${k}?`)) return jsonResponse(200, page([1, 2, 3, 4, 5, 6, 7].map(summary)));
    if (url === '/api/knife/rfid-conflicts') return jsonResponse(200, []);
    const match = url.match(/^\/api\/knife\/knives\/([0-9A-F]+)(\/[a-z-]+)?/);
    if (match?.[2] === '/passport')
      return jsonResponse(200, {
        rfid: match[1],
        articleNumber: 'PM-K-1150',
        knifeClassName: 'HSS standard',
        ownerName: 'Druckerei Beispiel GmbH',
        viewer: 'OWNER',
        custody: [],
        events: [],
      });
    if (match?.[2] === '/forecast')
      return jsonResponse(200, {
        rfid: match[1],
        height: 140.5,
        originalHeight: 142,
        minimumHeight: 117,
        averageLossPerGrind: 0.75,
        lossSource: 'MEASURED',
        regrindsLeft: 31,
        averageCutsPerCycle: 3500,
        estimatedCutsLeft: 108500,
        averageDaysBetweenGrinds: 30,
        estimatedEndOfLife: '2029-06-01T00:00:00.000Z',
        state: 'ACTIVE',
      });
    if (match?.[2] === '/grinding-cycles') return jsonResponse(200, cycles);
    if (match?.[2] === '/events') return jsonResponse(200, page(events, 10));
    if (match) return jsonResponse(200, details(Number.parseInt(match[1]!.slice(-2), 10)));
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'not found' });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  // toasts live outside the rendered app: none may carry over into the next screen's checks
  notifications.clean();
});

/** Knife 8 was shipped back by the grinding shop; the manager's POST …/receive brings it home. */
function fakeShippedBackServer() {
  let state = 'SHIPPED_BACK';
  const received: string[] = [];
  const fallback = fakeKnifeServer().getMockImplementation()!;
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === `/api/knife/knives/${rfid(8)}/receive` && init?.method === 'POST') {
      received.push(url);
      state = 'ACTIVE';
      return jsonResponse(200, {
        id: '55555555-5555-4555-8555-555555555555',
        rfid: rfid(8),
        ownerId: '66666666-6666-4666-8666-666666666666',
        articleNumber: 'PM-K-1150',
        knifeClassName: 'HSS standard',
        ownerName: 'Druckerei Beispiel GmbH',
        grindingShopName: 'Schleiferei Muster KG',
        state: 'ACTIVE',
        sentAt: '2026-11-18T09:00:00.000Z',
        receivedAt: '2026-11-18T15:00:00.000Z',
        returnedAt: '2026-11-20T09:00:00.000Z',
        deliveredAt: NOW,
        scrappedAt: null,
        outboundShipmentId: '77777777-7777-4777-8777-777777777777',
        returnShipmentId: '88888888-8888-4888-8888-888888888888',
        cycles: 1,
      });
    }
    if (url.startsWith(`/api/knife/knives/${rfid(8)}?`))
      return jsonResponse(200, { ...details(8), state, swapUrgency: 'UNKNOWN' });
    return fallback(input, init);
  });
  return received;
}

describe('the manager’s knife screens', () => {
  it('list: a sixth knife for the comparison is refused with the spec’s message', async () => {
    fakeKnifeServer();
    signIn();
    await renderApp({ path: '/printing-manager/knives' });
    // the first screen of the file waits for the lazy area to load
    const boxes = await screen.findAllByRole('checkbox', { name: /^Compare knife/ }, { timeout: 20_000 });
    for (const box of boxes.slice(0, 5)) await userEvent.click(box);
    await userEvent.click(boxes[5]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('You can compare at most 5 knives.');
    expect(boxes[5]).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Compare selected (5)' })).toBeEnabled();
  });
});

describe('a knife on its way back from the grinder', () => {
  it('shows it on its way back until the manager receives it, then in use', async () => {
    const received = fakeShippedBackServer();
    signIn();
    await renderApp({ path: `/printing-manager/knives/${rfid(8)}` });
    // the header's badge and the facts both show the knife's one state
    expect((await screen.findAllByText('On its way back', {}, { timeout: 20_000 })).length).toBeGreaterThan(
      0,
    );
    expect(
      screen.getByText(
        'The grinding shop has shipped this knife back. Confirm it has arrived to put it back into use.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(screen.queryAllByText('On its way back')).toEqual([]));
    expect(screen.getAllByText('In use').length).toBeGreaterThan(0);
    expect(received).toEqual([`/api/knife/knives/${rfid(8)}/receive`]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Received' })).toBeNull();
  });
});

describe('the manager’s knife screens have no raw strings', () => {
  const options = pseudoLocale();

  it('knife list', async () => {
    fakeKnifeServer();
    signIn();
    await renderApp(options('/printing-manager/knives'));
    await screen.findByText(rfid(1), {}, { timeout: 20_000 });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('knife details with its cycles, history and the edit dialog', async () => {
    fakeKnifeServer();
    signIn();
    await renderApp(options(`/printing-manager/knives/${rfid(3)}`));
    await screen.findByText('tool steel');
    await screen.findByText('Markus Weber', { exact: false });
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(2));
    expect(untranslatedTexts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: '⟦Edit⟧' }));
    await screen.findByRole('dialog');
    expect(untranslatedTexts()).toEqual([]);
  });

  it('a knife on its way back', async () => {
    fakeShippedBackServer();
    signIn();
    await renderApp(options(`/printing-manager/knives/${rfid(8)}`));
    await screen.findByText('tool steel', {}, { timeout: 20_000 });
    await screen.findByRole('button', { name: '⟦Received⟧' });
    expect(untranslatedTexts()).toEqual([]);
  });

  it('knife comparison', async () => {
    fakeKnifeServer();
    signIn();
    await renderApp(options(`/printing-manager/knife-comparison?rfids=${rfid(1)},${rfid(2)}`));
    await screen.findAllByText('tool steel');
    expect(untranslatedTexts()).toEqual([]);
  });
});
