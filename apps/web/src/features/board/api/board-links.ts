import {
  type CreateBoardLinkRequest,
  createBoardLink,
  listBoardLinks,
  revokeBoardLink,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const boardLinkKeys = {
  location: (locationId: string) => ['board-links', locationId] as const,
};

/** A location's board links, newest first (issue 36). */
export function useBoardLinks(locationId: string) {
  return useQuery({
    queryKey: boardLinkKeys.location(locationId),
    queryFn: ({ signal }) => api(listBoardLinks, { params: { id: locationId }, signal }),
  });
}

export function useCreateBoardLink(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBoardLinkRequest) => api(createBoardLink, { params: { id: locationId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardLinkKeys.location(locationId) }),
  });
}

export function useRevokeBoardLink(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(revokeBoardLink, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardLinkKeys.location(locationId) }),
  });
}
