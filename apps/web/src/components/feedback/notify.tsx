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

export function notifyError(error: unknown, t: TFunction, i18n: I18n) {
  const { message, code } = errorText(error, t, i18n);
  notifications.show({
    title: t('toast.error'),
    message: code ? `${message} (${code})` : message,
    color: 'red.8',
    icon: <IconX size={18} aria-hidden />,
    role: 'alert',
    autoClose: 8000,
  });
}
