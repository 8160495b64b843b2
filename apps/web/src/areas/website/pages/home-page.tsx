import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingFactory2,
  IconChartBar,
  IconRotateClockwise2,
  IconTruckDelivery,
  IconUserPlus,
  IconWifi,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle, WebsiteLayout } from '../../../components/layout';
import { ProductIllustration } from './product-illustration';
import classes from './website.module.css';

/** product.md §2 "Website" home: hero with register and info buttons, product video, print and grind. */
function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('website.title'));
  const categories = [
    {
      icon: IconBuildingFactory2,
      title: t('website.printingShops'),
      text: t('website.printingShopsText'),
      to: '/printing-shops',
      soon: false,
    },
    {
      icon: IconRotateClockwise2,
      title: t('website.grindingShops'),
      text: t('website.grindingShopsText'),
      to: '/grinding-shops',
      soon: true,
    },
  ];
  const features = [
    { icon: IconWifi, title: t('website.home.liveTitle'), text: t('website.home.liveText') },
    { icon: IconTruckDelivery, title: t('website.home.knivesTitle'), text: t('website.home.knivesText') },
    { icon: IconChartBar, title: t('website.home.reportsTitle'), text: t('website.home.reportsText') },
  ];
  return (
    <WebsiteLayout>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 48 }}>
            <Stack gap="md" justify="center">
              <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
                {t('website.title')}
              </Title>
              <Text size="lg">{t('website.promise')}</Text>
              <Group>
                <Button
                  component={Link}
                  to="/register"
                  size="lg"
                  leftSection={<IconUserPlus size={20} aria-hidden />}
                >
                  {t('website.register')}
                </Button>
                <Button
                  component={Link}
                  to="/features"
                  size="lg"
                  variant="default"
                  rightSection={<IconArrowRight size={20} aria-hidden className="mirror-in-rtl" />}
                >
                  {t('website.home.learnMore')}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {t('website.home.priceHint')}
              </Text>
            </Stack>
            {/* a picture of the product, not a play button that plays nothing */}
            <figure className={classes.video}>
              <ProductIllustration title={t('moneyWebsite.home.picture')} />
              <figcaption className={classes.videoCaption} aria-hidden>
                {t('moneyWebsite.home.picture')}
              </figcaption>
            </figure>
          </SimpleGrid>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 32, sm: 56 }}>
        <Stack gap={48}>
          <section aria-labelledby="categories">
            <Title order={2} id="categories" mb="md">
              {t('website.home.categories')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {categories.map((category) => (
                <Card key={category.to} withBorder radius="md" p="lg" component={Link} to={category.to}>
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon size={44} variant="light" radius="md" aria-hidden>
                      <category.icon size={24} />
                    </ThemeIcon>
                    <Stack gap={4}>
                      <Group gap="xs">
                        <Title order={3} size="h4">
                          {category.title}
                        </Title>
                        {category.soon && (
                          <Badge variant="light" color="gray">
                            {t('website.soon')}
                          </Badge>
                        )}
                      </Group>
                      <Text c="dimmed">{category.text}</Text>
                    </Stack>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
          <section aria-labelledby="features-title">
            <Title order={2} id="features-title" mb="md">
              {t('website.home.featuresTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              {features.map((feature) => (
                <Stack key={feature.title} gap="xs">
                  <ThemeIcon size={40} variant="light" radius="md" aria-hidden>
                    <feature.icon size={22} />
                  </ThemeIcon>
                  <Title order={3} size="h5">
                    {feature.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {feature.text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </section>
          <Card withBorder radius="md" p="xl" className={classes.priceBlock}>
            <Group justify="space-between" align="center" gap="lg">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  {t('website.home.priceTitle')}
                </Title>
                <Text>{t('website.home.priceText')}</Text>
              </Stack>
              <Button component={Link} to="/register" size="md">
                {t('website.register')}
              </Button>
            </Group>
          </Card>
        </Stack>
      </Container>
    </WebsiteLayout>
  );
}

export const Component = HomePage;
