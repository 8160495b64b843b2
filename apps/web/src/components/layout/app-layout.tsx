import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Divider,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Icon, IconChevronDown, IconLogout } from '@tabler/icons-react';
import clsx from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Brand } from './brand';
import { LanguagePicker } from './language-picker';
import classes from './layout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

export interface NavItem {
  to: string;
  label: string;
  icon: Icon;
  /** match the path exactly (the area's start page) */
  end?: boolean;
}

interface LayoutUser {
  name: string;
  username: string;
  roleLabel: string;
  tenantName: string;
}

export interface AppLayoutProps {
  homePath: string;
  areaTitle: string;
  navItems: NavItem[];
  user: LayoutUser;
  onLogout: () => void;
  /** operator terminal: 64 px targets, 18 px+ text (docs/design.md) */
  touch?: boolean;
  /** more header controls before the language picker (the notification bell) */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * The one navigation item the page belongs to: the item whose address is the longest prefix of the
 * path at a segment boundary (`/area/machines/7` is under `/area/machines`, not also under `/area`);
 * an `end` item only on its own address. None when the page is under no item.
 */
export function activeNavItem<T extends Pick<NavItem, 'to' | 'end'>>(items: readonly T[], pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: T | undefined;
  for (const item of items) {
    const to = item.to.replace(/\/+$/, '') || '/';
    const under = path === to || (!item.end && path.startsWith(to === '/' ? '/' : `${to}/`));
    if (under && (!best || to.length > best.to.replace(/\/+$/, '').length)) best = item;
  }
  return best;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toLocaleUpperCase();
}

/**
 * The app frame of every staff area (docs/design.md): header with product, tenant, language picker and
 * user menu; navigation on the start side (right in Arabic, through logical CSS); content in <main>.
 */
export function AppLayout({
  homePath,
  areaTitle,
  navItems,
  user,
  onLogout,
  touch,
  headerExtra,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const size = touch ? 'touch' : 'sm';
  // An area without sections (the operator terminal) gives the whole width to its one screen.
  const hasNavbar = navItems.length > 0;

  // After moving to another page, put keyboard and screen-reader focus at the new content.
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: false });
  }, [pathname]);

  const active = activeNavItem(navItems, pathname);

  return (
    <AppShell
      className={clsx(touch && classes.touch)}
      header={{ height: touch ? 80 : 60 }}
      navbar={
        hasNavbar ? { width: touch ? 300 : 248, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined
      }
      padding={touch ? 'lg' : 'md'}
    >
      <SkipLink />
      <AppShell.Header>
        <div className={classes.header}>
          {hasNavbar && (
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size={touch ? 'lg' : 'sm'}
              aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
              aria-expanded={opened}
              aria-controls="area-navigation"
            />
          )}
          <Brand to={homePath} label={t('nav.home')} touch={touch} />
          <Divider orientation="vertical" visibleFrom="xs" />
          <Text className={classes.tenantName} c="dimmed" fw={500} visibleFrom="xs" translate="no">
            {user.tenantName}
          </Text>
          <Group gap={8} ms="auto" wrap="nowrap">
            {headerExtra}
            <LanguagePicker size={size} />
            <Menu position="bottom-end" width={260} withinPortal>
              <Menu.Target>
                <UnstyledButton
                  // the name it shows comes first in its accessible name (WCAG 2.5.3, label in name)
                  aria-label={t('nav.userMenuNamed', { name: user.name })}
                  data-testid="user-menu"
                  style={{ minHeight: touch ? 64 : 36 }}
                >
                  <Group gap={8} wrap="nowrap">
                    <Avatar color="steel" radius="xl" size={touch ? 44 : 32} translate="no">
                      {initials(user.name)}
                    </Avatar>
                    <Text fw={500} visibleFrom="md" translate="no">
                      {user.name}
                    </Text>
                    <Box visibleFrom="sm" display="flex">
                      <IconChevronDown size={16} aria-hidden />
                    </Box>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('nav.signedInAs', { name: user.username })}</Menu.Label>
                <Text px="sm" pb="xs" size="sm">
                  {user.roleLabel}
                </Text>
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconLogout size={18} aria-hidden />}
                  onClick={onLogout}
                  mih={touch ? 64 : undefined}
                  fz={touch ? 'lg' : undefined}
                >
                  {t('nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </div>
      </AppShell.Header>

      {hasNavbar && (
        <AppShell.Navbar p="sm" id="area-navigation" aria-label={t('nav.label')}>
          <AppShell.Section>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pb="xs">
              {areaTitle}
            </Text>
          </AppShell.Section>
          <AppShell.Section grow component={ScrollArea}>
            <Stack gap={touch ? 'md' : 4}>
              {navItems.map((item) => {
                const current = item === active;
                return (
                  <NavLink
                    key={item.to}
                    component={RouterLink}
                    to={item.to}
                    label={item.label}
                    leftSection={<item.icon size={touch ? 26 : 20} aria-hidden />}
                    active={current}
                    aria-current={current ? 'page' : undefined}
                    className={classes.navLink}
                    classNames={{ label: classes.navLabel }}
                    onClick={close}
                  />
                );
              })}
            </Stack>
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
