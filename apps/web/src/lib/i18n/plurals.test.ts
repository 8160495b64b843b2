import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

/** The website's machine and month counts in each language's own plural forms (CLDR categories). */
describe('plural forms', () => {
  const machines = async (locale: Parameters<typeof createI18n>[0]['locale'], counts: number[]) => {
    const i18n = await createI18n({ locale });
    return counts.map((count) => i18n.t('websiteForms.price.machines', { count }));
  };

  it('English, German and Dutch: one and other', async () => {
    expect(await machines('en', [1, 2, 1200])).toEqual(['1 machine', '2 machines', '1,200 machines']);
    expect(await machines('de', [1, 3])).toEqual(['1 Maschine', '3 Maschinen']);
    expect(await machines('nl', [1, 3])).toEqual(['1 machine', '3 machines']);
  });

  it('Polish and Russian: one, few and many', async () => {
    expect(await machines('pl', [1, 2, 5, 22, 25])).toEqual([
      '1 maszyna',
      '2 maszyny',
      '5 maszyn',
      '22 maszyny',
      '25 maszyn',
    ]);
    expect(await machines('ru', [1, 3, 11, 21])).toEqual(['1 машина', '3 машины', '11 машин', '21 машина']);
  });

  it('Romanian: one, few and other ("de" from twenty)', async () => {
    expect(await machines('ro', [1, 2, 19, 20])).toEqual([
      '1 mașină',
      '2 mașini',
      '19 mașini',
      '20 de mașini',
    ]);
  });

  it('Arabic: one and two spelled out, few and many with the locale digits', async () => {
    const [one, two, few, many] = await machines('ar', [1, 2, 3, 11]);
    expect(one).toBe('آلة واحدة');
    expect(two).toBe('آلتان');
    expect(few).toBe(`${new Intl.NumberFormat('ar').format(3)} آلات`);
    expect(many).toBe(`${new Intl.NumberFormat('ar').format(11)} آلة`);
  });

  it('composes the price lines from the forms', async () => {
    const i18n = await createI18n({ locale: 'de' });
    expect(
      i18n.t('websiteForms.price.licenceLine', {
        machines: i18n.t('websiteForms.price.machines', { count: 1 }),
        months: i18n.t('websiteForms.price.months', { count: 12 }),
      }),
    ).toBe('Lizenz, 1 Maschine × 12 Monate');
  });
});
