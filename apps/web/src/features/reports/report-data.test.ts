import { describe, expect, it } from 'vitest';
import {
  addSeries,
  addStatusSeconds,
  interruptionPareto,
  producingShare,
  reportStatusGroup,
  secondsByGroup,
  segmentSecondsByGroup,
} from './report-data';

describe('report data for charts', () => {
  it('puts statuses into the status groups; no data counts as offline', () => {
    expect(reportStatusGroup('NO_DATA')).toBe('offline');
    expect(reportStatusGroup('SUPPORT_CUTTING_MACHINE_CLEANING')).toBe('support');
    expect(
      secondsByGroup([
        { status: 'RUNNING', seconds: 3600 },
        { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 600 },
        { status: 'INTERRUPTION_PRINTING_MATERIAL_MISPRINT', seconds: 60 },
        { status: 'NO_DATA', seconds: 100 },
        { status: 'KNIFE_SWAP', seconds: 30 },
      ]),
    ).toEqual({ producing: 3600, interruption: 660, support: 0, setup: 30, idle: 0, offline: 100 });
    expect(
      producingShare([
        { status: 'RUNNING', seconds: 30 },
        { status: 'BREAK', seconds: 90 },
      ]),
    ).toBe(0.25);
    expect(producingShare([])).toBe(0);
  });

  it('adds up several machines per status', () => {
    expect(
      addStatusSeconds([
        [{ status: 'RUNNING', seconds: 10 }],
        [
          { status: 'RUNNING', seconds: 5 },
          { status: 'BREAK', seconds: 7 },
        ],
      ]),
    ).toEqual([
      { status: 'RUNNING', seconds: 15 },
      { status: 'BREAK', seconds: 7 },
    ]);
  });

  it('sorts interruption reasons by downtime with the running share (Pareto), leaving out the rest', () => {
    const pareto = interruptionPareto([
      { status: 'RUNNING', seconds: 99_999 },
      { status: 'INTERRUPTION_PRINTING_WASTE_DISPOSAL', seconds: 100 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 600 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_FAULTY', seconds: 300 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISPRINT', seconds: 0 },
      { status: 'INTERRUPTION_PRINTING_WASTE_DISPOSAL', seconds: 0 },
    ]);
    expect(pareto.map((p) => [p.reason, p.seconds])).toEqual([
      ['INTERRUPTION_PRINTING_MATERIAL_MISSING', 600],
      ['INTERRUPTION_PRINTING_MATERIAL_FAULTY', 300],
      ['INTERRUPTION_PRINTING_WASTE_DISPOSAL', 100],
    ]);
    expect(pareto.map((p) => p.cumulativeShare)).toEqual([0.6, 0.9, 1]);
  });

  it('adds the employees’ series into one series per bucket, oldest first', () => {
    expect(
      addSeries([
        { buckets: [{ start: '2026-11-21T10:00:00.000Z', cuts: 4 }] },
        {
          buckets: [
            { start: '2026-11-21T09:00:00.000Z', cuts: 1 },
            { start: '2026-11-21T10:00:00Z', cuts: 2 },
          ],
        },
      ]),
    ).toEqual([
      { start: '2026-11-21T09:00:00.000Z', cuts: 1 },
      { start: '2026-11-21T10:00:00.000Z', cuts: 6 },
    ]);
  });

  it('sums a timeline per status group', () => {
    expect(
      segmentSecondsByGroup([
        { status: 'RUNNING', from: '2026-11-21T08:00:00Z', to: '2026-11-21T09:00:00Z' },
        { status: 'NO_DATA', from: '2026-11-21T09:00:00Z', to: '2026-11-21T09:30:00Z' },
      ]),
    ).toMatchObject({ producing: 3600, offline: 1800 });
  });
});
