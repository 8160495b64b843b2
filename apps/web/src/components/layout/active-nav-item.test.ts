import { IconHome } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { activeNavItem, type NavItem } from './app-layout';

const item = (to: string, end?: boolean): NavItem => ({ to, label: to, icon: IconHome, end });
const items = [
  item('/printing-admin', true),
  item('/printing-admin/machines'),
  item('/printing-admin/machines-overview'),
  item('/printing-admin/employees'),
];
const activeOf = (pathname: string) => activeNavItem(items, pathname)?.to;

describe('the navigation highlights exactly one item', () => {
  it('the start page only on its own address', () => {
    expect(activeOf('/printing-admin')).toBe('/printing-admin');
    expect(activeOf('/printing-admin/')).toBe('/printing-admin');
  });

  it('a detail page under its section, not under a section whose name it starts with', () => {
    expect(activeOf('/printing-admin/machines/7f3a')).toBe('/printing-admin/machines');
    expect(activeOf('/printing-admin/machines-overview')).toBe('/printing-admin/machines-overview');
  });

  it('the longest section wins when items nest', () => {
    const nested = [item('/service'), item('/service/customers'), item('/service/customers/map')];
    expect(activeNavItem(nested, '/service/customers/map')?.to).toBe('/service/customers/map');
    expect(activeNavItem(nested, '/service/customers/42')?.to).toBe('/service/customers');
    expect(activeNavItem(nested, '/service/other')?.to).toBe('/service');
  });

  it('none for a page under no item', () => {
    expect(activeOf('/printing-admin-x')).toBeUndefined();
  });
});
