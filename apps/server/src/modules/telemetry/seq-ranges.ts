/** Compresses sequence numbers into sorted inclusive ranges: [1,2,3,7] → [[1,3],[7,7]]. */
export function toRanges(seqs: number[]): [number, number][] {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const seq of sorted) {
    const last = ranges.at(-1);
    if (last && seq === last[1] + 1) last[1] = seq;
    else ranges.push([seq, seq]);
  }
  return ranges;
}
