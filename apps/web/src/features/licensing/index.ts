/** Licensing: the summary cards, the money and date cells of licence columns, licensing a machine. */
export { LicenseMachineModal } from './components/license-machine-modal';
export { LicensingSummary, Money, PlainDate } from './components/licensing-summary';
