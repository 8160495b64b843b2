import { getSystemMail, listSystemMails, type MailState, resendSystemMail } from '@kerf/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type PageQuery, systemKeys } from './keys';

export function useSystemMails(query: PageQuery & { state?: MailState }) {
  return useQuery({
    queryKey: systemKeys.mails(query),
    queryFn: ({ signal }) => api(listSystemMails, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSystemMail(id: string | null) {
  return useQuery({
    queryKey: systemKeys.mail(id ?? ''),
    queryFn: ({ signal }) => api(getSystemMail, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(resendSystemMail, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...systemKeys.all, 'mails'] }),
  });
}
