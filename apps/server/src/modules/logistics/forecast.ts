import { DEFAULT_LOSS_PER_GRIND_MM, type KnifeForecast, REGRIND_ALLOWANCE_MM } from '@kerf/contracts';
import type { KnifeRow } from './logistics.repository';

const DAY = 24 * 3600_000;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The remaining-life forecast (contracts `KnifeForecastSchema`): regrinds left from the height lost
 * per grinding so far (or the default loss before the first measured one) down to the minimum
 * height, cuts left at the knife's average cycle, and the end of life at its grinding pace.
 */
export function forecastOf(
  knife: KnifeRow,
  pace: { count: number; first: string | Date | null; last: string | Date | null },
  now = new Date(),
): KnifeForecast {
  const minimumHeight =
    knife.originalHeight === null ? null : round(knife.originalHeight - REGRIND_ALLOWANCE_MM, 2);
  const lost =
    knife.originalHeight !== null && knife.height !== null ? knife.originalHeight - knife.height : null;
  const measured = lost !== null && lost > 0 && knife.rotation > 0;
  const averageLossPerGrind = measured ? round(lost / knife.rotation, 3) : DEFAULT_LOSS_PER_GRIND_MM;
  const regrindsLeft =
    knife.state === 'SCRAPPED'
      ? 0
      : knife.height === null || minimumHeight === null
        ? null
        : Math.max(0, Math.floor((knife.height - minimumHeight) / averageLossPerGrind + 1e-9));
  const closedCuts = knife.totalCuts - knife.cutsSinceLastGrinding;
  const averageCutsPerCycle =
    knife.rotation > 0 && closedCuts > 0 ? Math.round(closedCuts / knife.rotation) : null;
  const estimatedCutsLeft =
    regrindsLeft === null || averageCutsPerCycle === null
      ? null
      : Math.max(0, averageCutsPerCycle - knife.cutsSinceLastGrinding) + regrindsLeft * averageCutsPerCycle;
  const span =
    pace.count >= 2 && pace.first && pace.last
      ? new Date(pace.last).getTime() - new Date(pace.first).getTime()
      : null;
  const averageDaysBetweenGrinds = span !== null && span > 0 ? round(span / DAY / (pace.count - 1), 1) : null;
  const estimatedEndOfLife =
    averageDaysBetweenGrinds !== null && regrindsLeft !== null && knife.state !== 'SCRAPPED' && pace.last
      ? new Date(
          Math.max(now.getTime(), new Date(pace.last).getTime()) +
            (regrindsLeft + 1) * averageDaysBetweenGrinds * DAY,
        ).toISOString()
      : null;
  return {
    rfid: knife.rfid,
    height: knife.height,
    originalHeight: knife.originalHeight,
    minimumHeight,
    averageLossPerGrind,
    lossSource: measured ? 'MEASURED' : 'DEFAULT',
    regrindsLeft,
    averageCutsPerCycle,
    estimatedCutsLeft,
    averageDaysBetweenGrinds,
    estimatedEndOfLife,
    state: knife.state,
  };
}
