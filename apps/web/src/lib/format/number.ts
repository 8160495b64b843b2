/**
 * Numbers in the user's language, both ways: the separators `Intl.NumberFormat` uses for a locale
 * (so inputs and tables agree with `formatNumber`), and a parser that reads what a user of that
 * locale types ("3.500" is three thousand five hundred in German, "3,5" three and a half).
 */

export interface NumberSeparators {
  /** thousands separator, e.g. "." (de), "," (en, ar), U+202F narrow no-break space (fr), U+00A0 (ru) */
  group: string;
  /** decimal separator, e.g. "," (de, fr, ru) or "." (en, ar) */
  decimal: string;
}

const separatorCache = new Map<string, NumberSeparators>();

/** The separators the app formats numbers with in this locale (same `Intl` data as `formatNumber`). */
export function numberSeparators(locale: string): NumberSeparators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  const separators = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
  separatorCache.set(locale, separators);
  return separators;
}

/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, as an Arabic keyboard may type them. */
export const ARABIC_INDIC_DIGITS = ['٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩'] as const;
const EXTENDED_ARABIC_INDIC_DIGITS = ['۰', '۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹'] as const;

const ARABIC_DECIMAL = '\u066B'; // ٫
const ARABIC_GROUP = '\u066C'; // ٬
const SPACES = /[\s\u00A0\u202F\u2009]/;
/** direction marks that `Intl` output (e.g. Arabic percentages) and copy-paste carry along */
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

function toLatinDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const arabic = ARABIC_INDIC_DIGITS.indexOf(char as (typeof ARABIC_INDIC_DIGITS)[number]);
    const extended = EXTENDED_ARABIC_INDIC_DIGITS.indexOf(
      char as (typeof EXTENDED_ARABIC_INDIC_DIGITS)[number],
    );
    out += arabic >= 0 ? String(arabic) : extended >= 0 ? String(extended) : char;
  }
  return out;
}

/** The characters that may stand for the decimal separator in this locale's input. */
export function decimalSeparatorsOf(locale: string): string[] {
  const { group, decimal } = numberSeparators(locale);
  // a "." typed on the numeric keypad means the decimal point wherever "." is not the group separator
  return [...new Set([decimal, ARABIC_DECIMAL, ...(group === '.' ? [] : ['.'])])];
}

function isGroupSeparator(char: string, group: string): boolean {
  if (char === group || char === ARABIC_GROUP) return true;
  // every space counts as the space group separator (fr uses U+202F, ru and pl U+00A0, people type U+0020)
  return SPACES.test(group) && SPACES.test(char);
}

/**
 * Reads a number as a user of `locale` writes it: "3.500" → 3500 and "3,5" → 3.5 in German, "3,500" →
 * 3500 in English, "1 234,5" with any space in French or Russian, Arabic-Indic digits in Arabic.
 * Thousands separators must group by three; anything else ("3.50" in German, "1,2,3") is not a
 * number and gives `null`, so a misread value never reaches the server.
 */
export function parseNumber(text: string, locale: string): number | null {
  const { group } = numberSeparators(locale);
  const decimals = decimalSeparatorsOf(locale);
  const input = toLatinDigits(text.replace(BIDI_MARKS, '').trim());
  if (!input) return null;

  let sign = '';
  let body = input;
  const first = body[0];
  if (first === '-' || first === '\u2212' || first === '+') {
    sign = first === '+' ? '' : '-';
    body = body.slice(1).trimStart();
  }

  let integer = '';
  let fraction: string | null = null;
  const groups: string[] = [''];
  for (const char of body) {
    if (char >= '0' && char <= '9') {
      if (fraction === null) {
        integer += char;
        groups[groups.length - 1] += char;
      } else fraction += char;
    } else if (fraction === null && decimals.includes(char) && !isGroupSeparator(char, group)) {
      fraction = '';
    } else if (fraction === null && isGroupSeparator(char, group)) {
      groups.push('');
    } else {
      return null;
    }
  }
  if (!integer && !fraction) return null;
  if (groups.length > 1) {
    const [head, ...rest] = groups;
    if (!head || head.length > 3 || rest.some((part) => part.length !== 3)) return null;
  }
  const value = Number(`${sign}${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** A share (0.5) as a percentage in the locale ("50 %" in German, "50%" in English). */
export function formatPercent(share: number, locale: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(share);
}
