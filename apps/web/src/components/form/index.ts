export {
  applyServerFieldErrors,
  fieldErrorMessage,
  type HelpText,
  helpText,
  schemaErrors,
  useContractForm,
} from './contract-form';
export { NumberInput, type NumberInputProps, numberInputSeparators } from './number-input';
