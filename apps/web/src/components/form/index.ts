export {
  applyServerFieldErrors,
  fieldErrorMessage,
  helpText,
  schemaErrors,
  useContractForm,
} from './contract-form';
export { FormModal, useFormSubmit } from './form-modal';
export { NumberInput } from './number-input';
