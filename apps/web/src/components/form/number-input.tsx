import { NumberInput as MantineNumberInput, type NumberInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type Ref, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ARABIC_INDIC_DIGITS, decimalSeparatorsOf, numberSeparators } from '../../lib/format';

export type { NumberInputProps };

type SeparatorProps = Pick<
  NumberInputProps,
  'thousandSeparator' | 'decimalSeparator' | 'allowedDecimalSeparators'
>;

/**
 * The separators a number input uses in `locale`, the same ones `formatNumber` writes: German
 * "3.500" and "3,5", English "3,500" and "3.5", French and Russian a (narrow) no-break space between
 * thousands. `thousandSeparator: true` (the default) means the locale's; `false` turns grouping off
 * (years, ports, codes).
 */
function numberInputSeparators(
  locale: string,
  thousandSeparator: NumberInputProps['thousandSeparator'] = true,
): SeparatorProps {
  const { group, decimal } = numberSeparators(locale);
  return {
    thousandSeparator: thousandSeparator === true ? group : thousandSeparator || undefined,
    decimalSeparator: decimal,
    allowedDecimalSeparators: decimalSeparatorsOf(locale).filter((char) => char !== group),
  };
}

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const HAS_EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;
const toLatinDigit = (digit: string) => {
  const index = ARABIC_INDIC_DIGITS.indexOf(digit as (typeof ARABIC_INDIC_DIGITS)[number]);
  return String(index >= 0 ? index : digit.charCodeAt(0) - 0x06f0);
};

const setNativeValue = (input: HTMLInputElement, value: string) =>
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);

/**
 * Arabic keyboards may type Arabic-Indic digits (٣٥٠٠); the number field only knows 0–9. Each digit
 * is swapped for its Latin twin on the element before React's change handler reads the value (one
 * character for one, so the caret stays where it was).
 */
function useLatinDigits(): (input: HTMLInputElement | null) => void {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!input) return;
    const onInput = () => {
      if (!HAS_EASTERN_DIGITS.test(input.value)) return;
      const { selectionStart, selectionEnd } = input;
      // the prototype's setter, not `input.value =`: React's change tracking must still see the change
      setNativeValue(input, input.value.replace(EASTERN_DIGITS, toLatinDigit));
      input.setSelectionRange(selectionStart, selectionEnd);
    };
    input.addEventListener('input', onInput);
    return () => input.removeEventListener('input', onInput);
  }, [input]);
  return useCallback((node: HTMLInputElement | null) => setInput(node), []);
}

/**
 * Mantine's NumberInput in the user's language (drop-in: same props). It shows and reads numbers
 * with the locale's separators, so "3.500" in German is 3500 and never 3.5; `value` and `onChange`
 * stay plain numbers. Arabic uses the separators the app formats Arabic with (Latin digits, "," and
 * "."), and also accepts Arabic-Indic digits as typed.
 */
export function NumberInput({
  thousandSeparator = true,
  ref,
  ...props
}: NumberInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { i18n } = useTranslation();
  const latinDigits = useLatinDigits();
  const mergedRef = useMergedRef(ref, latinDigits);
  return (
    <MantineNumberInput
      {...numberInputSeparators(i18n.language, thousandSeparator)}
      {...props}
      ref={mergedRef}
    />
  );
}
