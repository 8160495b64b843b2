import { CURRENCIES, type Currency } from '@kerf/contracts';
import {
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/errors';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { MoneyText, usePricingInfo } from '../../../features/website';
import { translateKey } from '../../../lib/i18n';

const FEATURES = ['logistics', 'history', 'reports', 'administration', 'integration', 'assistant'] as const;

/** product.md §2: features overview with prices (the price list per invoicing currency). */
function FeaturesPage() {
  const { t } = useTranslation();
  usePageTitle(t('website.features.title'));
  const [currency, setCurrency] = useState<Currency>('EUR');
  const pricing = usePricingInfo(currency);
  return (
    <WebsiteLayout>
      <Container size="lg" py={{ base: 32, sm: 56 }}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>{t('website.features.title')}</Title>
            <Text size="lg">{t('website.features.intro')}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Card key={feature} withBorder radius="md" p="lg">
                <Title order={2} size="h4" mb="xs">
                  {translateKey(t, `website.features.${feature}Title`)}
                </Title>
                <Text c="dimmed" size="sm">
                  {translateKey(t, `website.features.${feature}Text`)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <section aria-labelledby="prices">
            <Group justify="space-between" mb="md">
              <Title order={2} id="prices">
                {t('website.features.pricesTitle')}
              </Title>
              <SegmentedControl
                aria-label={t('websiteForms.currency')}
                data={CURRENCIES.map((code) => ({ value: code, label: code }))}
                value={currency}
                onChange={(value) => setCurrency(value as Currency)}
              />
            </Group>
            {pricing.isError ? (
              <ErrorAlert error={pricing.error} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <Card withBorder radius="md" p="lg">
                  <Text c="dimmed">{t('website.features.licence')}</Text>
                  <Text component="div" fz={28} fw={700}>
                    {pricing.data ? (
                      <MoneyText cents={pricing.data.licenceMonthlyNetCents} currency={currency} />
                    ) : (
                      <Skeleton h={34} w={140} />
                    )}
                  </Text>
                  <Text size="sm">{t('website.features.licenceNote')}</Text>
                </Card>
                <Card withBorder radius="md" p="lg">
                  <Text c="dimmed">{t('website.features.installation')}</Text>
                  <Text component="div" fz={28} fw={700}>
                    {pricing.data ? (
                      <MoneyText cents={pricing.data.installationNetCents} currency={currency} />
                    ) : (
                      <Skeleton h={34} w={140} />
                    )}
                  </Text>
                  <Text size="sm">{t('website.features.installationNote')}</Text>
                </Card>
              </SimpleGrid>
            )}
            <Text size="sm" c="dimmed" mt="sm">
              {t('website.features.vatNote')}
            </Text>
          </section>
          <Group>
            <Button component={Link} to="/register">
              {t('website.register')}
            </Button>
            <Button component={Link} to="/machines" variant="default">
              {t('website.nav.machines')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = FeaturesPage;
