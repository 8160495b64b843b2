/** Licensing: the summary cards and the money and date cells of licence columns. */
export { LicensingSummary, Money, PlainDate } from './components/licensing-summary';
