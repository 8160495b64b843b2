import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { i18n as I18n, TFunction } from 'i18next';
import { ErrorDetails } from '../errors/error-details';
import { errorText } from '../errors/error-text';

/** The toast's close button needs a name of its own (WCAG 4.1.2); it is translated like every text. */
const closeButton = (closeLabel: string) => ({ closeButtonProps: { 'aria-label': closeLabel } });

/** Toasts: success is polite (role=status), errors interrupt (role=alert). Texts come translated. */
export function notifySuccess(message: string, title?: string, closeLabel?: string) {
  notifications.show({
    title,
    message,
    ...(closeLabel ? closeButton(closeLabel) : {}),
    color: 'green.8',
    icon: <IconCheck size={18} aria-hidden />,
    role: 'status',
    autoClose: 4000,
  });
}

/**
 * A failed action in words: what went wrong and what to do (or `message`, when the caller can say it
 * better). The catalogue code is never the message; it waits under "Details" for support.
 */
/**
 * An error as a toast. With an `id`, a newer error of the same kind replaces the one still showing
 * (a language saved twice while offline says so once, in the language now chosen).
 */
export function notifyError(
  error: unknown,
  t: TFunction,
  i18n: I18n,
  message?: string,
  options: { id?: string } = {},
) {
  const text = errorText(error, t, i18n);
  message ??= text.message;
  if (options.id) notifications.hide(options.id);
  notifications.show({
    id: options.id,
    title: t('toast.error'),
    message: (
      <Stack gap={2}>
        <Text size="sm">{message}</Text>
        <ErrorDetails code={text.code} />
      </Stack>
    ),
    ...closeButton(t('actions.close')),
    color: 'red.8',
    icon: <IconX size={18} aria-hidden />,
    role: 'alert',
    autoClose: 8000,
  });
}

export function notifySaved(t: TFunction) {
  notifySuccess(t('toast.saved'), undefined, t('actions.close'));
}

export function notifyDeleted(t: TFunction) {
  notifySuccess(t('toast.deleted'), undefined, t('actions.close'));
}
