import { describe, expect, it } from 'vitest';
import { axisTicks, cumulativeShares, distinctTails, labelStep, niceMax, placeSpans } from './chart-data';

describe('chart arithmetic', () => {
  it('rounds the axis up to an easy number', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(230)).toBe(250);
    expect(niceMax(3100)).toBe(5000);
    expect(niceMax(1)).toBe(1);
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
  });

  it('labels identifiers by the part that tells them apart', () => {
    expect(distinctTails(['E280116000000004', 'E280116000000005', 'E280116000000012'])).toEqual([
      '…0004',
      '…0005',
      '…0012',
    ]);
    expect(distinctTails(['E280116000000004', 'E280116000ABC005'])).toEqual(['…000004', '…ABC005']);
    expect(distinctTails(['AB-1', 'XY-2'])).toEqual(['AB-1', 'XY-2']);
    expect(distinctTails(['E280116000000004'])).toEqual(['E280116000000004']);
  });

  it('puts ticks on round numbers only (no 6.25 or 375)', () => {
    expect(axisTicks(25)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(axisTicks(500)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(axisTicks(2.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(axisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(2)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(axisTicks(5000)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(axisTicks(100, 4)).toEqual([0, 25, 50, 75, 100]);
  });

  it('places spans on the timeline as shares, clipped to it', () => {
    const from = '2026-11-21T00:00:00Z';
    const to = '2026-11-22T00:00:00Z';
    const placed = placeSpans(
      [
        { from: '2026-11-20T22:00:00Z', to: '2026-11-21T06:00:00Z' },
        { from: '2026-11-21T06:00:00Z', to: '2026-11-21T18:00:00Z' },
        { from: '2026-11-22T01:00:00Z', to: '2026-11-22T02:00:00Z' },
      ],
      from,
      to,
    );
    expect(placed[0]).toEqual({ offset: 0, width: 0.25 });
    expect(placed[1]).toEqual({ offset: 0.25, width: 0.5 });
    expect(placed[2]?.width).toBe(0);
    expect(placeSpans([{ from, to }], to, from)).toEqual([{ offset: 0, width: 0 }]);
  });

  it('adds up the Pareto line', () => {
    expect(cumulativeShares([6, 3, 1])).toEqual([0.6, 0.9, 1]);
    expect(cumulativeShares([0, 0])).toEqual([0, 0]);
  });

  it('thins out labels that would not fit', () => {
    expect(labelStep(24, 12)).toBe(2);
    expect(labelStep(24, 6)).toBe(4);
    expect(labelStep(5, 12)).toBe(1);
  });
});
