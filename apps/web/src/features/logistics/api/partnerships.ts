import {
  acceptPartnership,
  endPartnershipAsGrinder,
  endPartnershipAsOwner,
  invitePartner,
  listGrinderPartnerships,
  listPartnerships,
  type PartnershipInvite,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type LogisticsSide, logisticsKeys } from './keys';

export function usePartnerships(side: LogisticsSide) {
  return useQuery({
    queryKey: logisticsKeys.partnerships(side),
    queryFn: ({ signal }) => api(side === 'owner' ? listPartnerships : listGrinderPartnerships, { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: logisticsKeys.all });
}

export function useInvitePartner() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PartnershipInvite) => api(invitePartner, { body }),
    onSuccess: invalidate,
  });
}

export function useAcceptPartnership() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api(acceptPartnership, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useEndPartnership(side: LogisticsSide) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api(side === 'owner' ? endPartnershipAsOwner : endPartnershipAsGrinder, { params: { id } }),
    onSuccess: invalidate,
  });
}
