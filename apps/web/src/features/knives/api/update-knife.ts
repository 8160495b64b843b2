import { type KnifeUpdate, updateKnife } from '@kerf/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { knifeKeys } from './keys';

export function useUpdateKnife(rfid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KnifeUpdate) => api(updateKnife, { params: { rfid }, body }),
    onSuccess: (knife) => {
      queryClient.setQueryData(knifeKeys.details(rfid), knife);
      void queryClient.invalidateQueries({ queryKey: knifeKeys.all });
    },
  });
}
