import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import { calls, fakePrintingShopServer, LOCATION_ID, SHIFT_CALENDAR, signIn } from './test-server';

/** The admin's shift calendar editor on a location's page (issue 36). */
const PATH = `/printing-admin/locations/${LOCATION_ID}?tab=shift-calendar`;
const CALENDAR_URL = `/api/printing-shop/printing-shops/${LOCATION_ID}/shift-calendar`;

/** The first render loads the area's and the page's chunks: slow on a busy two-core runner. */
const FIRST_RENDER = { timeout: 20_000 };
const editor = () => screen.findByRole('region', { name: 'Shift calendar' }, FIRST_RENDER);
const weekday = (region: HTMLElement, name: string) => within(region).getByRole('group', { name });
/** A time or date input takes its whole value at once, as the browser's picker gives it. */
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const putBodies = (fetch: ReturnType<typeof fakePrintingShopServer>) =>
  calls(fetch, 'PUT', CALENDAR_URL).map(([, init]) => JSON.parse(String(init?.body)));

/** Answers a PUT with the calendar it was sent, as the server stores it. */
const savingServer = () =>
  fakePrintingShopServer((url, init) =>
    url === CALENDAR_URL && init?.method === 'PUT'
      ? jsonResponse(200, {
          ...SHIFT_CALENDAR,
          ...JSON.parse(String(init.body)),
          updatedAt: '2026-11-21T10:00:00.000Z',
        })
      : undefined,
  );

describe('printing-admin: shift calendar', { timeout: 60_000 }, () => {
  it('shows the weekly shifts with their breaks, the holidays and the hours a week', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    const monday = await within(region).findByRole('group', { name: 'Monday' });
    expect(
      within(monday)
        .getAllByLabelText('Shift name')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Early', 'Late']);
    expect(within(monday).getByLabelText('Break starts')).toHaveValue('10:00');
    expect(within(weekday(region, 'Tuesday')).getByText('No shift on this day.')).toBeInTheDocument();
    expect(within(region).getByLabelText('Name')).toHaveValue('Heiligabend');
    expect(within(region).getByTestId('shift-calendar-weekly-hours')).toHaveTextContent(
      'Planned per week: 15.5 hr',
    );
    expect(within(region).getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    // the planned time the calendar gives, below the editor
    const planned = await screen.findByRole('table', { name: 'Planned production time' }, FIRST_RENDER);
    expect(within(planned).getByRole('row', { name: /Schneider 1/ })).toHaveTextContent('15.5 hr');
  });

  it('copies Monday to Tuesday–Friday and saves the whole calendar', async () => {
    const fetch = savingServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Copy Monday to Tuesday–Friday' }),
    );
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      expect(within(weekday(region, day)).getAllByLabelText('Shift name')).toHaveLength(2);
    expect(within(weekday(region, 'Saturday')).queryAllByLabelText('Shift name')).toHaveLength(0);
    expect(within(region).getByTestId('shift-calendar-weekly-hours')).toHaveTextContent('77.5 hr');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putBodies(fetch)).toHaveLength(1));
    const [body] = putBodies(fetch);
    expect(body.timeZone).toBe('Europe/Berlin');
    expect(body.shifts).toHaveLength(10);
    expect(body.shifts.filter((shift: { weekday: number }) => shift.weekday === 5)).toEqual([
      { weekday: 5, name: 'Early', start: '06:00', end: '14:00', breaks: [{ start: '10:00', minutes: 30 }] },
      { weekday: 5, name: 'Late', start: '14:00', end: '22:00', breaks: [] },
    ]);
    expect(body.holidays).toEqual([{ date: '2026-12-24', name: 'Heiligabend' }]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('checks the rules before sending: an overlapping shift and a break outside its shift', async () => {
    const fetch = savingServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    const monday = await within(region).findByRole('group', { name: 'Monday' });
    const [, lateStart] = within(monday).getAllByLabelText('Start');
    setValue(lateStart!, '13:00');
    setValue(within(monday).getByLabelText('Break starts'), '13:50');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(monday).findByText('Overlaps another shift.')).toBeInTheDocument();
    expect(within(monday).getByText('The break must lie within its shift.')).toBeInTheDocument();
    expect(putBodies(fetch)).toHaveLength(0);
  });

  it('a night shift says it ends the next day; end = start and a duplicate holiday are refused', async () => {
    const fetch = savingServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    await userEvent.click(await within(region).findByRole('button', { name: 'Add shift on Saturday' }));
    const saturday = weekday(region, 'Saturday');
    await userEvent.type(within(saturday).getByLabelText('Shift name'), 'Night');
    setValue(within(saturday).getByLabelText('Start'), '22:00');
    setValue(within(saturday).getByLabelText('End'), '06:00');
    expect(within(saturday).getByText('Ends the next day')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Add holiday' }));
    const [, second] = within(region).getAllByLabelText('Date');
    setValue(second!, '2026-12-24');
    await userEvent.type(within(region).getAllByLabelText('Name')[1]!, 'Christmas Eve');
    setValue(within(saturday).getByLabelText('End'), '22:00');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(saturday).findByText('The end must differ from the start.')).toBeInTheDocument();
    expect(within(region).getByText('Given more than once')).toBeInTheDocument();
    expect(putBodies(fetch)).toHaveLength(0);
  });

  it('puts the server’s field errors under their fields', async () => {
    const fetch = fakePrintingShopServer((url, init) =>
      url === CALENDAR_URL && init?.method === 'PUT'
        ? jsonResponse(400, {
            code: 'validation.INVALID_INPUT',
            message: 'x',
            details: { fields: [{ field: 'timeZone', in: 'body', code: 'UNKNOWN_TIME_ZONE' }] },
          })
        : undefined,
    );
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    await within(region).findByRole('group', { name: 'Monday' });
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(
      await within(region).findByText('Unknown time zone. Please choose one from the list.'),
    ).toBeInTheDocument();
    expect(putBodies(fetch)).toHaveLength(1);
  });

  it('asks before removing a shift, a break or a holiday; cancelling keeps them', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    const monday = await within(region).findByRole('group', { name: 'Monday' });
    await userEvent.click(within(monday).getByRole('button', { name: 'Remove shift “Late” on Monday' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this shift?' });
    expect(dialog).toHaveTextContent('“Late” on Monday will be removed from the calendar when you save.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(monday).getAllByLabelText('Shift name')).toHaveLength(2);

    await userEvent.click(within(monday).getByRole('button', { name: 'Remove shift “Late” on Monday' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this shift?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(monday).getAllByLabelText('Shift name')).toHaveLength(1));

    await userEvent.click(within(monday).getByRole('button', { name: 'Remove break at 10:00 of “Early”' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this break?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(monday).queryByLabelText('Break starts')).toBeNull());

    await userEvent.click(within(region).getByRole('button', { name: 'Remove holiday “Heiligabend”' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this holiday?' });
    expect(dialog).toHaveTextContent('“Heiligabend” (2026-12-24) will be removed when you save.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(region).findByText('No holidays yet.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Discard changes' }));
    expect(within(monday).getAllByLabelText('Shift name')).toHaveLength(2);
    expect(within(region).getByLabelText('Name')).toHaveValue('Heiligabend');
  });

  it('works from the keyboard: a shift is added and named without the mouse', async () => {
    fakePrintingShopServer();
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    const add = await within(region).findByRole('button', { name: 'Add shift on Sunday' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    const sunday = weekday(region, 'Sunday');
    const name = within(sunday).getByLabelText('Shift name');
    await userEvent.click(name);
    await userEvent.keyboard('Weekend');
    expect(name).toHaveValue('Weekend');
    // the new shift begins where the day has none: 06:00 to 14:00
    expect(within(sunday).getByLabelText('Start')).toHaveValue('06:00');
    expect(within(sunday).getByLabelText('End')).toHaveValue('14:00');
    await userEvent.tab();
    expect(within(sunday).getByLabelText('Start')).toHaveFocus();
  });

  it('says so while loading, when it cannot load (with a retry), and for a calendar never saved', async () => {
    let failing = true;
    fakePrintingShopServer((url) => {
      if (url !== CALENDAR_URL) return undefined;
      if (failing) return jsonResponse(500, { code: 'common.INTERNAL_ERROR', message: 'x' });
      return jsonResponse(200, { ...SHIFT_CALENDAR, shifts: [], holidays: [], updatedAt: null });
    });
    signIn();
    await renderApp({ path: PATH });
    const region = await editor();
    expect(within(region).getByTestId('shift-calendar-loading')).toBeInTheDocument();
    expect(await within(region).findByRole('alert')).toBeInTheDocument();
    failing = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByTestId('shift-calendar-unsaved')).toBeInTheDocument();
    expect(
      within(region).getByText("No shifts yet. Add Monday's shifts, then copy them to the other workdays."),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Copy Monday to Tuesday–Friday' })).toBeDisabled();
  });
});
