import { importOrdersCsv } from '@kerf/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Import of planned orders from an ERP CSV file (all or nothing). */
export function useImportOrdersCsv() {
  return useMutation({
    mutationFn: (csv: string) => api(importOrdersCsv, { body: { csv } }),
  });
}
