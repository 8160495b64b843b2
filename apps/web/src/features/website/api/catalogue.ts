import {
  type Currency,
  calculatePrice,
  getContractConditions,
  getCuttingWidths,
  getPricingInfo,
  type PriceRequest,
} from '@kerf/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { websiteKeys } from './keys';

/** The machine models with their cutting widths, for the machine list of an order. */
export function useCuttingWidths() {
  return useQuery({ queryKey: websiteKeys.widths(), queryFn: () => api(getCuttingWidths) });
}

/** The price list in one invoicing currency. */
export function usePricingInfo(currency: Currency) {
  return useQuery({
    queryKey: websiteKeys.pricing(currency),
    queryFn: () => api(getPricingInfo, { params: { currency } }),
  });
}

/** The contract conditions and support contacts of a country. */
export function useContractConditions(country: 'DE' | 'AT' | 'CH' | 'NL' | 'GB') {
  return useQuery({
    queryKey: websiteKeys.conditions(country),
    queryFn: () => api(getContractConditions, { params: { country } }),
  });
}

/** The server's price of an order, once `request` is there and `enabled`. */
export function usePrice(request: PriceRequest | null, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: websiteKeys.price(request ?? ({} as never)),
    enabled: Boolean(request) && enabled,
    queryFn: () => api(calculatePrice, { body: request! }),
  });
}
