import { type FieldErrorCode, fieldErrorFromIssue } from '@kerf/contracts';
import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../lib/api';
import { type Messages, translateKey } from '../../lib/i18n';
import { fieldOfError } from '../errors/error-fields';

/** The same translated text for a rule, whether the form or the server found the problem. */
export function fieldErrorMessage(t: TFunction, code: FieldErrorCode, limit?: number): string {
  return translateKey(t, `fields.${code}`, { limit });
}

function valueAtPath(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Runs a contract schema over form values; one translated message per field (the first issue). */
export function schemaErrors(schema: z.ZodType, values: unknown, t: TFunction): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    const { code, limit } = fieldErrorFromIssue(issue, valueAtPath(values, issue.path));
    errors[path] = fieldErrorMessage(t, code, limit);
  }
  return errors;
}

/**
 * @mantine/form wired to a contract schema (CONTRIBUTING.md "One shape, one place"): the schema that checks
 * the request on the server checks the form first, with the same field codes.
 */
export function useContractForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  options: Omit<UseFormInput<z.input<S>>, 'validate'> & { initialValues: z.input<S> },
): UseFormReturnType<z.input<S>> {
  const { t } = useTranslation();
  return useForm<z.input<S>>({
    validateInputOnBlur: true,
    ...options,
    validate: (values) => schemaErrors(schema, values, t),
  });
}

/**
 * Puts a server refusal under the fields it is about; true if any matched. `validation.INVALID_INPUT`
 * names its fields in `details.fields`; a catalogue code about one field (a taken user name, a serial
 * number in use) goes under that field in its own words (FIELD_OF_ERROR).
 */
export function applyServerFieldErrors(
  form: Pick<UseFormReturnType<Record<string, unknown>>, 'setFieldError' | 'getValues'>,
  error: unknown,
  t: TFunction,
): boolean {
  if (!isApiError(error)) return false;
  const known = Object.keys(form.getValues());
  const field = fieldOfError(error.code, known);
  if (field) {
    form.setFieldError(field, translateKey(t, `errors.${error.code}`));
    return true;
  }
  const fields = error.details?.fields?.filter((field) => field.in === 'body') ?? [];
  let matched = false;
  for (const field of fields) {
    if (!known.includes(field.field.split('.')[0] ?? '')) continue;
    form.setFieldError(field.field, fieldErrorMessage(t, field.code, field.limit));
    matched = true;
  }
  return matched;
}

export type HelpText = keyof Messages['help'];

/** The generic help texts of product.md §5, for input descriptions. */
export function helpText(t: TFunction, key: HelpText): string {
  return t(`help.${key}`);
}
