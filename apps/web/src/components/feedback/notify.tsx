import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { i18n as I18n, TFunction } from 'i18next';
import { errorText } from '../errors/error-text';

/** Toasts: success is polite (role=status), errors interrupt (role=alert). Texts come translated. */
export function notifySuccess(message: string, title?: string) {
  notifications.show({
    title,
    message,
    color: 'green.8',
    icon: <IconCheck size={18} aria-hidden />,
    role: 'status',
    autoClose: 4000,
  });
}

/** A failed action: what went wrong (or `message`, when the caller can say it better) and the code. */
export function notifyError(error: unknown, t: TFunction, i18n: I18n, message?: string) {
  const text = errorText(error, t, i18n);
  const code = text.code;
  message ??= text.message;
  notifications.show({
    title: t('toast.error'),
    message: code ? `${message} (${code})` : message,
    color: 'red.8',
    icon: <IconX size={18} aria-hidden />,
    role: 'alert',
    autoClose: 8000,
  });
}

export function notifySaved(t: TFunction) {
  notifySuccess(t('toast.saved'));
}

export function notifyDeleted(t: TFunction) {
  notifySuccess(t('toast.deleted'));
}
