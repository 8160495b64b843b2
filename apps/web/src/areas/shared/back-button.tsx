import { Button } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Back to where the user came from (or to `fallback` on a page opened directly); the arrow points back in either direction of writing. */
export function BackButton({ fallback }: { fallback: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const Arrow = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Button
      variant="subtle"
      px={0}
      w="fit-content"
      leftSection={<Arrow size={18} aria-hidden />}
      onClick={() => {
        if (window.history.state?.idx > 0) void navigate(-1);
        else void navigate(fallback);
      }}
    >
      {t('customerService.back')}
    </Button>
  );
}
