import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** red confirm button for destructive actions */
  danger?: boolean;
  /** glove-sized buttons (the operator terminal: ≥ 48 px targets) */
  touch?: boolean;
}

/** Asks first; resolves true only when the user confirmed. Closing or cancelling resolves false. */
export function confirm({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  touch,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    modals.openConfirmModal({
      title,
      children: message,
      centered: true,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      size: touch ? 'lg' : undefined,
      // on the terminal only the two glove-sized answers: no small corner button beside them
      withCloseButton: !touch,
      confirmProps: {
        color: danger ? 'red.8' : undefined,
        'data-autofocus': !danger,
        ...(touch ? { size: 'touch' } : {}),
      },
      cancelProps: { 'data-autofocus': danger, ...(touch ? { size: 'touch' } : {}) },
      groupProps: touch ? { gap: 'md' } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** docs/design.md: every delete asks first and names the thing ("Delete machine 'Polar 115 #2'?"). */
export function confirmDelete(t: TFunction, thing: string, name: string): Promise<boolean> {
  return confirm({
    title: t('confirm.deleteTitle', { thing }),
    message: t('confirm.deleteMessage', { name }),
    confirmLabel: t('actions.delete'),
    cancelLabel: t('actions.cancel'),
    danger: true,
  });
}
