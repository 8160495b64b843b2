/** The public website's building blocks: calls, captcha, machine list and the payment view. */

export { useContractConditions, useCuttingWidths, usePrice, usePricingInfo } from './api/catalogue';
export { useSendContact } from './api/contact';
export { useMachineOrderSession, useOrderMachines } from './api/machine-order';
export { useRegisterShop, useTenantIdAvailability } from './api/registration';
export { CaptchaField } from './components/captcha-field';
export { InvoicesCard } from './components/invoices-card';
export { type MachineLine, MachineListField } from './components/machine-list-field';
export { MoneyText, PriceSummary } from './components/price-summary';
