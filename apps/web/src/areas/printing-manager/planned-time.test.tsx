import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeManagerServer, LOCATION_ID, requests, signIn } from './test-server';

/** The manager's planned production time per machine and day, on a location's page (issue 36). */
const PATH = `/printing-manager/locations/${LOCATION_ID}?tab=planned-time`;
const PLANNED = `/api/printing-shop/printing-shops/${LOCATION_ID}/planned-production-time`;
/** The first render loads the area's and the page's chunks: slow on a busy two-core runner. */
const FIRST_RENDER = { timeout: 20_000 };

describe('printing-manager: planned production time', { timeout: 60_000 }, () => {
  it('shows the hours per machine and day of the location’s week, and moves by weeks', async () => {
    const fetch = fakeManagerServer();
    signIn();
    await renderApp({ path: PATH });
    const table = await screen.findByRole('table', { name: 'Planned production time' }, FIRST_RENDER);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Machine',
      'MonMar 23',
      'TueMar 24',
      'WedMar 25',
      'ThuMar 26',
      'FriMar 27',
      'SatMar 28',
      'SunMar 29',
      'Total',
    ]);
    const row = within(table).getByRole('row', { name: /Schneider 1/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['15 hr', '15 hr', '15 hr', '15 hr', '15 hr', '6 hr', '0 hr', '81 hr']);
    expect(screen.getByText(/Days in the time zone Europe\/Berlin/)).toBeInTheDocument();
    // the first read asks for the current week where the location is
    expect(requests(fetch, PLANNED)[0]).toBe(PLANNED);
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(requests(fetch, PLANNED)).toContain(`${PLANNED}?from=2026-03-30&to=2026-04-05`),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() =>
      expect(requests(fetch, PLANNED)).toContain(`${PLANNED}?from=2026-03-16&to=2026-03-22`),
    );
  });

  it('speaks Arabic, its week arrows turned for right to left', async () => {
    fakeManagerServer();
    signIn();
    await renderApp({ path: PATH, locale: 'ar' });
    const table = await screen.findByRole('table', { name: 'وقت الإنتاج المخطط' }, FIRST_RENDER);
    // the arrows point the way the week moves in a right-to-left page (app/global.css mirrors them)
    for (const name of ['الأسبوع السابق', 'الأسبوع التالي'])
      expect(screen.getByRole('button', { name }).querySelector('svg')).toHaveClass('mirror-in-rtl');
    expect(screen.getByRole('tab', { name: 'الوقت المخطط' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getByRole('columnheader', { name: 'الآلة' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Schneider 1/ })).toHaveTextContent('15 س');
  });
});
