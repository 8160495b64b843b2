/** The public website's building blocks: calls, captcha, machine list and the payment view. */

export { fetchInvoices, invoiceKeys, invoicePdfUrl } from './api/invoices';
export * from './api/website-api';
export { CaptchaField } from './components/captcha-field';
export { InvoicesCard } from './components/invoices-card';
export { type MachineLine, MachineListField } from './components/machine-list-field';
export { MoneyText, PriceSummary } from './components/price-summary';
