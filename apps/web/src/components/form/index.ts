export {
  applyServerFieldErrors,
  fieldErrorMessage,
  type HelpText,
  helpText,
  schemaErrors,
  useContractForm,
} from './contract-form';
export { FormModal, type SubmitErrorHandler, useFormSubmit } from './form-modal';
export { NumberInput, type NumberInputProps, numberInputSeparators } from './number-input';
