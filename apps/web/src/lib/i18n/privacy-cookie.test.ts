import { LOCALES } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, rememberLocaleForServer } from './locales';

const files = import.meta.glob<{ websiteLegal: { privacy: Record<string, string> } }>(
  '../../locales/*.json',
  {
    eager: true,
    import: 'default',
  },
);

/** The privacy policy names the one cookie the website sets, with its purpose and lifetime. */
describe('the language cookie in the privacy policy', () => {
  const written = { cookie: '' };
  rememberLocaleForServer('de', written as Document);
  const [nameValue, ...attributes] = written.cookie.split(';').map((part) => part.trim());
  const name = nameValue!.split('=')[0]!;
  const maxAge = Number(attributes.find((attribute) => attribute.startsWith('max-age='))!.split('=')[1]);

  it('is the language choice, kept for a year', () => {
    expect(name).toBe(LOCALE_STORAGE_KEY);
    expect(maxAge).toBe(365 * 24 * 60 * 60);
  });

  it.each(LOCALES)('%s: the policy gives its name and its lifetime in days', (locale) => {
    const privacy = Object.entries(files).find(([path]) => path.endsWith(`/${locale}.json`))![1].websiteLegal
      .privacy;
    const section = Object.values(privacy).find((text) => text.includes(name));
    expect(section, 'a section names the cookie').toBeDefined();
    expect(section).toContain(String(maxAge / 86_400));
  });
});
