import type { i18n as I18n, TFunction } from 'i18next';
import { isApiError } from '../../lib/api';
import { formatWait } from '../../lib/format';
import { hasKey, translateKey } from '../../lib/i18n';

export interface ErrorText {
  message: string;
  /** the catalogue code, shown in small print so support can help */
  code?: string;
}

/** Any thrown thing → the user's language. Server text is never shown (docs/architecture.md "Errors"). */
export function errorText(error: unknown, t: TFunction, i18n: I18n): ErrorText {
  if (!isApiError(error)) return { message: t('errors.generic') };
  const key = `errors.${error.code}`;
  let message = hasKey(i18n, key) ? translateKey(t, key) : t('errors.generic');
  const wait = error.details?.retryAfterSeconds;
  if (wait !== undefined && wait > 0) {
    message = `${message} ${t('errors.retryIn', { wait: formatWait(wait, i18n.language) })}`;
  }
  return { message, code: error.code };
}
