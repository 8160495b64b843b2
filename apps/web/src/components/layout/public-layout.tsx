import { Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from './brand';
import { LanguagePicker } from './language-picker';
import classes from './layout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Frame of the public pages (website, login, registration, not-found). */
export function PublicLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.publicShell}>
      <SkipLink />
      <header className={classes.publicHeader}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Brand to="/" label={t('nav.home')} className={classes.phoneTouch} />
            <Group gap="sm" wrap="nowrap">
              {actions}
              <LanguagePicker inputClassName={classes.phoneTouch} />
            </Group>
          </Group>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.publicMain}>
        {children}
      </main>
      <footer className={classes.footer}>
        <Container size="lg">
          <Text size="sm" c="dimmed">
            {t('website.footer')}
          </Text>
        </Container>
      </footer>
    </div>
  );
}
