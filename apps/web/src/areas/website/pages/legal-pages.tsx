import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { translateKey } from '../../../lib/i18n';
import classes from './website.module.css';

/** The legal texts (product.md §2): each page is a title and numbered sections of heading and paragraph. */
const SECTIONS = { imprint: 5, terms: 8, privacy: 9 } as const;

function LegalPage({ page }: { page: keyof typeof SECTIONS }) {
  const { t } = useTranslation();
  const title = translateKey(t, `websiteLegal.${page}.title`);
  usePageTitle(title);
  const sections = Array.from({ length: SECTIONS[page] }, (_, index) => index + 1);
  return (
    <WebsiteLayout>
      <Container size="md" py={{ base: 32, sm: 56 }}>
        <Stack gap="xs" className={classes.prose}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {t('websiteLegal.updated')}
          </Text>
          {sections.map((n) => (
            <section key={n}>
              <Title order={2}>{translateKey(t, `websiteLegal.${page}.h${n}`)}</Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{translateKey(t, `websiteLegal.${page}.p${n}`)}</Text>
            </section>
          ))}
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const ImprintPage = () => <LegalPage page="imprint" />;
export const TermsPage = () => <LegalPage page="terms" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
