import {
  type GrindingCycleRecord,
  getGrinderForecast,
  getGrinderKnife,
  getGrinderPassport,
  getKnifeForecast,
  getKnifePassport,
  receiveKnife,
  recordGrindingCycle,
  scrapKnife,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type LogisticsSide, logisticsKeys } from './keys';

export function usePassport(side: LogisticsSide, rfid: string) {
  return useQuery({
    queryKey: logisticsKeys.passport(side, rfid),
    queryFn: ({ signal }) =>
      api(side === 'owner' ? getKnifePassport : getGrinderPassport, { params: { rfid }, signal }),
    enabled: rfid !== '',
  });
}

export function useForecast(side: LogisticsSide, rfid: string) {
  return useQuery({
    queryKey: logisticsKeys.forecast(side, rfid),
    queryFn: ({ signal }) =>
      api(side === 'owner' ? getKnifeForecast : getGrinderForecast, { params: { rfid }, signal }),
    enabled: rfid !== '',
  });
}

/** A knife the grinding shop holds now (404 once it has gone back). */
export function useGrinderKnife(rfid: string) {
  return useQuery({
    queryKey: logisticsKeys.grinderKnife(rfid),
    queryFn: ({ signal }) => api(getGrinderKnife, { params: { rfid }, signal }),
    enabled: rfid !== '',
    retry: false,
  });
}

export function useReceiveKnife() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rfid: string) => api(receiveKnife, { params: { rfid } }),
    onSuccess: (knife) => {
      queryClient.setQueryData(logisticsKeys.grinderKnife(knife.rfid), knife);
      void queryClient.invalidateQueries({ queryKey: logisticsKeys.all });
    },
  });
}

export function useRecordCycle(rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrindingCycleRecord) => api(recordGrindingCycle, { params: { rfid }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}

export function useScrapKnife(rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(scrapKnife, { params: { rfid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}
