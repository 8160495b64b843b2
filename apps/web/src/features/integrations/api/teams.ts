import {
  createTeam,
  deleteTeam,
  listEmployees,
  listTeams,
  setTeamMembers,
  updateTeam,
} from '@kerf/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { integrationKeys } from './keys';

export function useTeams() {
  return useQuery({ queryKey: integrationKeys.teams(), queryFn: ({ signal }) => api(listTeams, { signal }) });
}

/** The shop's employees, to put into teams. */
export function useTeamCandidates() {
  return useQuery({
    queryKey: integrationKeys.teamCandidates(),
    queryFn: ({ signal }) => api(listEmployees, { query: { page: 0, page_size: 1000 }, signal }),
    select: (page) => page.items,
  });
}

function useInvalidateTeams() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.teams() });
}

export function useCreateTeam() {
  const onSuccess = useInvalidateTeams();
  return useMutation({ mutationFn: (name: string) => api(createTeam, { body: { name } }), onSuccess });
}

export function useRenameTeam() {
  const onSuccess = useInvalidateTeams();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      api(updateTeam, { params: { id: input.id }, body: { name: input.name } }),
    onSuccess,
  });
}

export function useSetTeamMembers() {
  const onSuccess = useInvalidateTeams();
  return useMutation({
    mutationFn: (input: { id: string; userIds: string[] }) =>
      api(setTeamMembers, { params: { id: input.id }, body: { userIds: input.userIds } }),
    onSuccess,
  });
}

export function useDeleteTeam() {
  const onSuccess = useInvalidateTeams();
  return useMutation({ mutationFn: (id: string) => api(deleteTeam, { params: { id } }), onSuccess });
}
