import { Anchor, Box, Button, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { tokenStore } from '../../lib/api';
import type { Locale } from '../../lib/i18n';
import { Brand } from './brand';
import { LanguagePicker } from './language-picker';
import classes from './layout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** product.md §1: the website offers English, German and Dutch (the apps behind the login all eight). */
export const WEBSITE_LOCALES: readonly Locale[] = ['en', 'de', 'nl'];

const NAV = [
  { to: '/printing-shops', key: 'website.nav.printingShops' },
  { to: '/grinding-shops', key: 'website.nav.grindingShops' },
  { to: '/features', key: 'website.nav.features' },
  { to: '/machines', key: 'website.nav.machines' },
  { to: '/contact', key: 'website.nav.contact' },
] as const;

const LEGAL = [
  { to: '/imprint', key: 'website.nav.imprint' },
  { to: '/terms', key: 'website.nav.terms' },
  { to: '/privacy', key: 'website.nav.privacy' },
] as const;

const hasTokens = () => tokenStore.get() !== null;
/** Signed in (tokens stored); the prerendered page is drawn signed out and corrects itself after hydration. */
const useSignedIn = () => useSyncExternalStore(tokenStore.subscribe, hasTokens, () => false);

/**
 * Frame of the marketing pages and the registration: navigation, login link, legal footer. From 576 px
 * up the navigation is one row under the header; on a phone a menu button opens it as a list of full
 * width links (the row would hide its last links behind a sideways scroll). The language picker stays
 * in the header at every width.
 */
export function WebsiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);
  // a signed-in user is offered the way back into the app (the login page forwards to it), not
  // "Log in" and "Register" again
  const signedIn = useSignedIn();
  const accountLinks = signedIn
    ? [{ to: '/login', key: 'moneyWebsite.website.openApp' } as const]
    : [
        { to: '/login', key: 'website.login' } as const,
        { to: '/register', key: 'website.register' } as const,
      ];
  return (
    <div className={classes.publicShell}>
      <SkipLink />
      <header className={classes.publicHeader}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Brand to="/" label={t('nav.home')} className={classes.phoneTouch} />
            <Group gap="xs" wrap="nowrap">
              {signedIn ? (
                <Button component={Link} to="/login" size="sm" visibleFrom="xs" data-testid="open-app">
                  {t('moneyWebsite.website.openApp')}
                </Button>
              ) : (
                <>
                  <Button component={Link} to="/login" variant="subtle" size="sm" visibleFrom="xs">
                    {t('website.login')}
                  </Button>
                  <Button component={Link} to="/register" size="sm" visibleFrom="sm">
                    {t('website.register')}
                  </Button>
                </>
              )}
              <LanguagePicker locales={WEBSITE_LOCALES} inputClassName={classes.phoneTouch} />
              {/* a Button, not an ActionIcon: the home page already loads it (initial JS budget) */}
              <Button
                ref={menuButton}
                variant="default"
                w={44}
                h={44}
                px={0}
                hiddenFrom="xs"
                aria-label={t('website.nav.menu')}
                aria-expanded={isMenuOpen}
                aria-controls={menuId}
                data-testid="website-menu-button"
                onClick={() => setMenuOpen((open) => !open)}
              >
                {isMenuOpen ? <IconX size={22} aria-hidden /> : <IconMenu2 size={22} aria-hidden />}
              </Button>
            </Group>
          </Group>
          <Box
            component="nav"
            id={menuId}
            aria-label={t('website.nav.label')}
            className={classes.websiteNav}
            data-open={isMenuOpen || undefined}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !isMenuOpen) return;
              closeMenu();
              menuButton.current?.focus();
            }}
          >
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={classes.websiteNavLink} onClick={closeMenu}>
                {t(item.key)}
              </NavLink>
            ))}
            {accountLinks.map((item) => (
              <NavLink
                key={item.key}
                to={item.to}
                className={`${classes.websiteNavLink} ${classes.websiteNavMobile}`}
                onClick={closeMenu}
              >
                {t(item.key)}
              </NavLink>
            ))}
          </Box>
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.publicMain}>
        {children}
      </main>
      <footer className={classes.footer}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Text size="sm" c="dimmed">
              {t('website.footer')}
            </Text>
            <Group
              gap="md"
              justify="flex-end"
              component="nav"
              aria-label={t('website.nav.legal')}
              className={classes.footerLinks}
            >
              {LEGAL.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm" className={classes.footerLink}>
                  {t(item.key)}
                </Anchor>
              ))}
              <Anchor component={Link} to="/contact" size="sm" className={classes.footerLink}>
                {t('website.nav.contact')}
              </Anchor>
            </Group>
          </SimpleGrid>
        </Container>
      </footer>
    </div>
  );
}
