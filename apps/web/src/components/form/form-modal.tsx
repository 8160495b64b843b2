import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySaved } from '../feedback';
import { applyServerFieldErrors } from './contract-form';

/**
 * The dialog of every small-entity form (docs/design.md: a modal for small entities): title, the fields,
 * and Cancel / Save at the end; Save shows the request in flight. Pair it with `useFormSubmit`.
 */
export function FormModal({
  opened = true,
  onClose,
  title,
  onSubmit,
  submitting,
  size = 'lg',
  children,
}: {
  opened?: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What `useFormSubmit` does with a failure before the generic handling; true when it handled it. */
export type SubmitErrorHandler = (error: unknown) => boolean;

/**
 * The submit handler of a form dialog: validates, saves, says "saved" and calls `onSaved`. A failure
 * goes to the fields it names (the server's field errors, or what `onError` claims), else to a
 * translated error toast with its code. `save` may return `false` to stop without saving.
 */
export function useFormSubmit<Values, Submitted, Rules, Result>(
  form: UseFormReturnType<Values, Submitted, Rules>,
  save: (values: Submitted) => Promise<Result | false>,
  options: { onSaved?: (result: Result) => void; onError?: SubmitErrorHandler } = {},
) {
  const { t, i18n } = useTranslation();
  return form.onSubmit(
    async (values, event) => {
      const formElement = event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
      try {
        const result = await save(values);
        if (result === false) return revealFirstError(formElement);
        notifySaved(t);
        options.onSaved?.(result);
      } catch (error) {
        if (options.onError?.(error)) return revealFirstError(formElement);
        if (applyServerFieldErrors(form as Parameters<typeof applyServerFieldErrors>[0], error, t))
          return revealFirstError(formElement);
        notifyError(error, t, i18n);
      }
    },
    (_errors, _values, event) =>
      revealFirstError(event?.currentTarget instanceof HTMLFormElement ? event.currentTarget : null),
  );
}

/**
 * A long dialog's errors may sit below the fold: once the fields show their errors, the first one
 * scrolls into view and takes the focus, so the user sees what to fix (and a screen reader reads it).
 */
function revealFirstError(formElement: HTMLFormElement | null) {
  if (!formElement) return;
  requestAnimationFrame(() => {
    const field = formElement.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    // (jsdom has no scrolling)
    if (typeof field.scrollIntoView === 'function')
      field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
  });
}
