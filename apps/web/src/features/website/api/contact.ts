import { type ContactRequest, sendContactRequest } from '@kerf/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Sends the contact form. */
export function useSendContact() {
  return useMutation({ mutationFn: (body: ContactRequest) => api(sendContactRequest, { body }) });
}
