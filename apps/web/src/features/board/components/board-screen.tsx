import type { Board, BoardTile, MachineStatusView } from '@kerf/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/layout';
import {
  STATUS_GROUP_LOOK,
  SWAP_URGENCY_LOOK,
  type SwapUrgency,
  statusGroupOf,
} from '../../../components/status';
import { isApiError } from '../../../lib/api';
import { formatAge, formatNumber, formatTime } from '../../../lib/format';
import { useLiveConnection, useLiveEvent } from '../../../lib/live';
import { acceptMachineView, machineState, useMachineStatusViews, useMachineViewsLive } from '../../machines';
import { readBoard } from '../api/board';
import classes from './board-screen.module.css';

/** The board reads again this often while live (cuts this shift, the shift itself, machines added). */
const BOARD_REFRESH_MS = 30_000;
/** … and this often while the live socket is down (docs/design.md "Live data": poll only then). */
const BOARD_REFRESH_OFFLINE_MS = 10_000;
/** After a cut arrives, the shift's cuts are read again at most this often. */
const CUTS_REFRESH_MS = 5_000;

/** Columns of the grid for `count` machines: 4 to 12 fill a 16:9 screen without scrolling. */
function boardColumns(count: number): number {
  if (count <= 3) return Math.max(1, count);
  if (count <= 4) return 2;
  if (count <= 6) return 3;
  if (count <= 8) return 4;
  if (count <= 9) return 3;
  if (count <= 12) return 4;
  if (count <= 20) return 5;
  return 6;
}

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;
const cssLight = (color: string) => `var(--mantine-color-${color.split('.')[0]}-light)`;

/** A clock that ticks every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SignalLine({ view, now, timeZone }: { view: MachineStatusView; now: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  let text: string;
  let stale = true;
  if (view.onlineStatus === 'ONLINE') {
    stale = false;
    text = view.lastSeenAt
      ? t('board.lastSignal', { age: formatAge(view.lastSeenAt, i18n.language, now) })
      : t('board.online');
  } else if (view.onlineStatus === 'OFFLINE') {
    text = view.lastSeenAt
      ? t('board.offlineSince', { time: formatTime(view.lastSeenAt, timeZone) })
      : t('board.neverHeard');
  } else if (view.onlineStatus === 'CONNECTING') {
    text = t('board.connecting');
  } else {
    text = t('board.noSignal');
  }
  return (
    <div className={`${classes.signal} ${stale ? classes.signalStale : ''}`} data-testid="board-signal">
      {text}
    </div>
  );
}

/** The knife's swap urgency in the tile's size: its colour, icon and word (docs/design.md). */
function Urgency({ urgency }: { urgency: SwapUrgency }) {
  const { t } = useTranslation();
  const look = SWAP_URGENCY_LOOK[urgency];
  const Icon = look.icon;
  return (
    <span
      className={classes.urgency}
      style={{ borderColor: cssColor(look.color), background: cssLight(look.color) }}
      data-testid="board-urgency"
    >
      <Icon size="1.1em" color={cssColor(look.color)} aria-hidden />
      {t(`status.urgency.${urgency}`)}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.row}>
      <span className={classes.rowLabel}>{label}</span>
      <span className={classes.rowValue} translate="no" dir="auto">
        {children}
      </span>
    </div>
  );
}

function ShiftCuts({ tile, board }: { tile: BoardTile; board: Board }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language, 0);
  if (!board.hasCalendar) return <div className={classes.cutsPlan}>{t('board.planNotSet')}</div>;
  if (!board.shift || tile.shiftCuts === null)
    return <div className={classes.cutsPlan}>{t('board.noShift')}</div>;
  const planned = tile.plannedCuts;
  const share = planned && planned > 0 ? Math.min(1, tile.shiftCuts / planned) : null;
  return (
    <>
      <div className={classes.cuts}>
        <span className={classes.cutsNumber} data-testid="board-shift-cuts">
          {number(tile.shiftCuts)}
        </span>
        <span className={classes.cutsPlan}>
          {planned === null ? t('board.noIdealRate') : t('board.ofPlanned', { planned: number(planned) })}
        </span>
      </div>
      {share !== null && (
        // the numbers beside it say the same in words: the bar is for the eye across the hall
        <div className={classes.progress} aria-hidden>
          <div className={classes.progressBar} style={{ inlineSize: `${share * 100}%` }} />
        </div>
      )}
    </>
  );
}

function Tile({
  tile,
  view,
  board,
  now,
}: {
  tile: BoardTile;
  view: MachineStatusView;
  board: Board;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  // the reported status only while the machine is heard, else its connection state (as every screen)
  const status = machineState(view);
  const look = STATUS_GROUP_LOOK[statusGroupOf(status)];
  const Icon = look.icon;
  const style = { '--tone': cssColor(look.color), '--tone-light': cssLight(look.color) } as CSSProperties;
  const since = view.onlineStatus === 'ONLINE' ? view.statusSince : null;
  const order = view.currentJob;
  return (
    <section
      className={`${classes.tile} ${look.dashed ? classes.tileDashed : ''}`}
      style={style}
      aria-label={view.name}
      data-testid="board-tile"
      data-status={status}
    >
      <div className={classes.band}>
        <Icon size="1.2em" color={cssColor(look.color)} aria-hidden />
        <span className={classes.bandLabel} data-testid="board-status">
          {t(`status.machine.${status}`)}
        </span>
        {since && (
          <span className={classes.bandSince}>
            {t('board.since', { time: formatTime(since, board.timeZone) })}
          </span>
        )}
      </div>
      <div className={classes.body}>
        {/* the name keeps its own direction (a German name on the Arabic board), so a cut-off one ends
            in "…" where it ends; it sits at the start of the tile in either direction */}
        <div
          className={classes.name}
          translate="no"
          dir="auto"
          style={{ textAlign: i18n.dir() === 'rtl' ? 'right' : 'left' }}
        >
          {view.name}
        </div>
        <SignalLine view={view} now={now} timeZone={board.timeZone} />
        <Row label={t('board.operator')}>{view.operator?.displayName ?? t('board.noOperator')}</Row>
        <Row label={t('board.order')}>
          {order
            ? order.orderNumber
              ? `${order.name} · ${order.orderNumber}`
              : order.name
            : t('board.noOrder')}
        </Row>
        <div className={classes.knife}>
          <span className={classes.rowLabel}>{t('board.knife')}</span>
          {view.knife ? (
            <Urgency urgency={view.knife.swapUrgency} />
          ) : (
            <span className={classes.rowValue}>{t('board.noKnife')}</span>
          )}
        </div>
        <ShiftCuts tile={tile} board={board} />
      </div>
    </section>
  );
}

function ShiftLine({ board }: { board: Board }) {
  const { t, i18n } = useTranslation();
  const zone = board.timeZone;
  if (!board.hasCalendar) return <>{t('board.noCalendar')}</>;
  if (board.shift)
    return (
      <>
        {t('board.shift', {
          name: board.shift.name,
          start: formatTime(board.shift.start, zone),
          end: formatTime(board.shift.end, zone),
        })}
      </>
    );
  if (!board.nextShift) return <>{t('board.noShiftPlanned')}</>;
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: zone }).format(
    new Date(board.nextShift.start),
  );
  return (
    <>
      {t('board.noShift')} ·{' '}
      {t('board.nextShift', {
        name: board.nextShift.name,
        day,
        time: formatTime(board.nextShift.start, zone),
      })}
    </>
  );
}

/**
 * The shop-floor board of one location (issue 36): every machine as a large tile — status with its
 * colour and icon, how fresh its signal is, operator, order, knife urgency, cuts this shift against
 * plan — with the location's clock and shift. The machine views come as every screen gets them (the
 * board read, then the live socket); the cuts this shift are read again after cuts arrive.
 * `onRevoked`: the board's link was refused (revoked, or never valid).
 */
export function BoardScreen({ secret, onRevoked }: { secret: string; onRevoked: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const connection = useLiveConnection();
  const live = connection === 'open';
  const now = useNow();
  const query = useQuery({
    queryKey: ['board', secret],
    queryFn: ({ signal }) => readBoard(secret, signal),
    refetchInterval: live ? BOARD_REFRESH_MS : BOARD_REFRESH_OFFLINE_MS,
    refetchIntervalInBackground: true,
    retry: (count, error) =>
      !(isApiError(error) && (error.status === 401 || error.status === 403)) && count < 2,
  });
  const board = query.data;
  usePageTitle(board ? t('board.pageTitle', { location: board.location.name }) : t('board.title'));
  const refused = isApiError(query.error) && (query.error.status === 401 || query.error.status === 403);
  useEffect(() => {
    if (refused) onRevoked();
  }, [refused, onRevoked]);

  // every read's views go into each machine's one cache entry, where a newer live view wins
  useEffect(() => {
    for (const tile of board?.tiles ?? []) acceptMachineView(queryClient, tile.view);
  }, [board, queryClient]);
  const ids = board?.tiles.map((tile) => tile.view.machineId) ?? [];
  useMachineViewsLive(ids);
  const { views, newestAsOf } = useMachineStatusViews(ids, { live: true, read: false });

  // cuts arrived: the shift's cuts are read again, at most every few seconds
  const cutsTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvent('MACHINE_CUT', ids, (_data, event) => {
    if (event.replay || cutsTimer.current) return;
    cutsTimer.current = setTimeout(() => {
      cutsTimer.current = null;
      void query.refetch();
    }, CUTS_REFRESH_MS);
  });
  useEffect(
    () => () => {
      if (cutsTimer.current) clearTimeout(cutsTimer.current);
    },
    [],
  );

  if (!board) {
    return (
      <main className={classes.message} aria-busy={!query.error}>
        <p className={classes.messageText} role="status">
          {query.error && !refused ? t('board.loadFailed') : t('board.loading')}
        </p>
      </main>
    );
  }
  const count = board.tiles.length;
  const columns = boardColumns(count);
  const rows = Math.max(1, Math.ceil(count / columns));
  const gridStyle = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
    '--board-unit': `max(16px, min(calc((100vh - 160px) / ${rows} / 13.5), calc((100vw - 40px) / ${columns} / 17), 44px))`,
  } as CSSProperties;
  // how old what the board shows is: the last read or the last live view, whichever came later
  const dataAt = Math.max(query.dataUpdatedAt, newestAsOf);
  const stale = !live || (query.isError && !refused);
  return (
    <main className={classes.screen} data-testid="board" data-live={live}>
      <header className={classes.header}>
        <h1 className={classes.location} translate="no" dir="auto">
          {board.location.name}
        </h1>
        <div className={classes.shift} data-testid="board-shift">
          <ShiftLine board={board} />
        </div>
        <div className={classes.liveState} aria-live="polite">
          <span
            className={classes.liveDot}
            style={{ background: live ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)' }}
            aria-hidden
          />
          {live ? t('board.live') : t('board.notLive')}
        </div>
        <time className={classes.clock} dateTime={new Date(now).toISOString()} dir="ltr">
          {formatTime(now, board.timeZone)}
        </time>
      </header>
      {stale && (
        <div className={classes.banner} role="status" data-testid="board-stale">
          {t('board.disconnected', {
            time: formatTime(dataAt, board.timeZone),
            age: formatAge(dataAt, i18n.language, now),
          })}
        </div>
      )}
      {count === 0 ? (
        <p className={classes.messageText}>{t('board.noMachines')}</p>
      ) : (
        <div className={classes.grid} style={gridStyle}>
          {board.tiles.map((tile) => (
            <Tile
              key={tile.view.machineId}
              tile={tile}
              view={views.get(tile.view.machineId) ?? tile.view}
              board={board}
              now={now}
            />
          ))}
        </div>
      )}
    </main>
  );
}

/** A board that cannot show anything: its link was revoked, or the address is not a board link. */
export function BoardMessage({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <main className={classes.message} data-testid="board-message">
      <h1 className={classes.messageTitle}>{title}</h1>
      <p className={classes.messageText}>{text}</p>
    </main>
  );
}
