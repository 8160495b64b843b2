import { listGrindingCycles } from '@kerf/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

const cyclesQuery = (rfid: string) => ({
  queryKey: knifeKeys.cycles(rfid),
  queryFn: ({ signal }: { signal: AbortSignal }) => api(listGrindingCycles, { params: { rfid }, signal }),
});

export function useGrindingCycles(rfid: string) {
  return useQuery({ ...cyclesQuery(rfid), enabled: rfid !== '' });
}

export function useGrindingCyclesList(rfids: string[]) {
  return useQueries({ queries: rfids.map(cyclesQuery) });
}
