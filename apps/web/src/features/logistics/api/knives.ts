import {
  type GrindingCycleRecord,
  getGrinderForecast,
  getGrinderKnife,
  getGrinderPassport,
  getKnifeForecast,
  getKnifePassport,
  isKnifeAway,
  listGrinderRfidConflicts,
  listRfidConflicts,
  receiveKnife,
  receiveKnifeBack,
  recordGrindingCycle,
  scrapKnife,
} from '@kerf/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { KNIFE_AWAY_REFRESH_MS, knifeKeys } from '../../knives';
import { type KnifeRef, type LogisticsSide, logisticsKeys } from './keys';

/** Reads the query again when the knife's known state moves (not on the first value). */
function useRefetchOnStateChange(key: QueryKey, state: string | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(state);
  useEffect(() => {
    if (last.current !== undefined && state !== undefined && last.current !== state)
      void queryClient.invalidateQueries({ queryKey: key });
    if (state !== undefined) last.current = state;
  }, [queryClient, key, state]);
}

export function usePassport(side: LogisticsSide, knife: KnifeRef) {
  useRefetchOnStateChange(logisticsKeys.passport(side, knife), knife.state);
  return useQuery({
    queryKey: logisticsKeys.passport(side, knife),
    queryFn: ({ signal }) =>
      side === 'owner'
        ? api(getKnifePassport, { params: { rfid: knife.rfid }, signal })
        : api(getGrinderPassport, {
            params: { rfid: knife.rfid },
            query: { owner: knife.owner ?? '' },
            signal,
          }),
    enabled: knife.rfid !== '' && (side === 'owner' || Boolean(knife.owner)),
    // the newest stay shows the knife's state: read again while the knife is away
    refetchInterval: (query) => {
      const latest = query.state.data?.custody[0];
      return latest && isKnifeAway(latest.state) ? KNIFE_AWAY_REFRESH_MS : false;
    },
    refetchOnWindowFocus: true,
  });
}

export function useForecast(side: LogisticsSide, knife: KnifeRef) {
  useRefetchOnStateChange(logisticsKeys.forecast(side, knife), knife.state);
  return useQuery({
    queryKey: logisticsKeys.forecast(side, knife),
    queryFn: ({ signal }) =>
      side === 'owner'
        ? api(getKnifeForecast, { params: { rfid: knife.rfid }, signal })
        : api(getGrinderForecast, {
            params: { rfid: knife.rfid },
            query: { owner: knife.owner ?? '' },
            signal,
          }),
    enabled: knife.rfid !== '' && (side === 'owner' || Boolean(knife.owner)),
  });
}

/** A knife the grinding shop holds now (404 once it has gone back). */
export function useGrinderKnife(owner: string, rfid: string) {
  return useQuery({
    queryKey: logisticsKeys.grinderKnife(owner, rfid),
    queryFn: ({ signal }) => api(getGrinderKnife, { params: { rfid }, query: { owner }, signal }),
    enabled: rfid !== '' && owner !== '',
    retry: false,
  });
}

export function useReceiveKnife() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ owner, rfid }: { owner: string; rfid: string }) =>
      api(receiveKnife, { params: { rfid }, query: { owner } }),
    onSuccess: (knife) => {
      queryClient.setQueryData(logisticsKeys.grinderKnife(knife.custody.ownerId, knife.rfid), knife);
      void queryClient.invalidateQueries({ queryKey: logisticsKeys.all });
    },
  });
}

export function useRecordCycle(owner: string, rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrindingCycleRecord) =>
      api(recordGrindingCycle, { params: { rfid }, query: { owner }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}

export function useScrapKnife(owner: string, rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(scrapKnife, { params: { rfid }, query: { owner } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}

/** The printing shop receives a knife its grinding shop shipped back: it is in use again. */
export function useReceiveKnifeBack(rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(receiveKnifeBack, { params: { rfid } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: knifeKeys.all });
      void queryClient.invalidateQueries({ queryKey: logisticsKeys.all });
    },
  });
}

/** RFIDs two companies sent to one grinding shop that this company may see (issue 31). */
export function useRfidConflicts(side: LogisticsSide) {
  return useQuery({
    queryKey: logisticsKeys.conflicts(side),
    queryFn: ({ signal }) => api(side === 'owner' ? listRfidConflicts : listGrinderRfidConflicts, { signal }),
  });
}
