export {
  applyServerFieldErrors,
  fieldErrorMessage,
  type HelpText,
  helpText,
  schemaErrors,
  useContractForm,
} from './contract-form';
