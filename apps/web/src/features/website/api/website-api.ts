import {
  acquireAdditionalMachineToken,
  type CaptchaPayload,
  type ContactRequest,
  type Currency,
  calculatePrice as calculatePriceRoute,
  getCaptchaChallenge,
  getContractConditions,
  getCuttingWidths,
  getPricingInfo,
  getRegistration,
  isTenantIdAvailable,
  orderAdditionalMachines,
  type PriceRequest,
  type RegistrationRequest,
  register as registerRoute,
  sendContactRequest,
} from '@kerf/contracts';
import { api } from '../../../lib/api';

/** The public website's calls (product.md §7 "Knife server"), one function per operation. */

export const websiteKeys = {
  all: ['website'] as const,
  widths: () => [...websiteKeys.all, 'cutting-widths'] as const,
  pricing: (currency: Currency) => [...websiteKeys.all, 'pricing', currency] as const,
  conditions: (country: string) => [...websiteKeys.all, 'conditions', country] as const,
  price: (request: PriceRequest) => [...websiteKeys.all, 'price', request] as const,
  tenantId: (id: string) => [...websiteKeys.all, 'tenant-id', id] as const,
  registration: (id: string) => [...websiteKeys.all, 'registration', id] as const,
};

export const fetchCuttingWidths = () => api(getCuttingWidths);
export const fetchPricingInfo = (currency: Currency) => api(getPricingInfo, { params: { currency } });
export const fetchContractConditions = (country: 'DE' | 'AT' | 'CH' | 'NL' | 'GB') =>
  api(getContractConditions, { params: { country } });
export const fetchPrice = (body: PriceRequest) => api(calculatePriceRoute, { body });
export const checkTenantId = (id: string) => api(isTenantIdAvailable, { params: { id } });
export const fetchCaptchaChallenge = () => api(getCaptchaChallenge);
export const sendContact = (body: ContactRequest) => api(sendContactRequest, { body });
export const registerShop = (body: RegistrationRequest) => api(registerRoute, { body });
export const acquireMachineToken = () => api(acquireAdditionalMachineToken);
export const fetchRegistration = (id: string, token: string) =>
  api(getRegistration, { params: { id }, headers: { 'api-token': token } });
export const orderMachines = (
  id: string,
  token: string,
  machines: { manufacturer: string; model: string; count: number }[],
  acceptTerms: boolean,
) =>
  api(orderAdditionalMachines, {
    params: { id },
    headers: { 'api-token': token },
    body: { machines, acceptTerms },
  });

export type { CaptchaPayload };
