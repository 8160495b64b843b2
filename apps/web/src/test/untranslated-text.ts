import { afterEach, expect } from 'vitest';
import { pseudoResources, type RenderAppOptions } from './render';

/** Digits, spaces and punctuation need no translation. */
const NO_WORDS = /^[\d\s*.,:;–—\-/()#%·]+$/;

/**
 * Every text a screen shows must come from the catalogue. Screens render with a pseudo-locale that
 * wraps each catalogue text in ⟦…⟧ (`pseudoLocale`); a text node without the marks is a raw string
 * in a component. User data and brand names are marked translate="no", formatted dates sit in
 * <time>; names and hints read out by screen readers count as text too.
 */
export function untranslatedTexts(root: HTMLElement = document.body): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('[translate="no"], time, script, style, noscript')) continue;
    if (NO_WORDS.test(text)) continue;
    if (!(text.startsWith('⟦') && text.endsWith('⟧'))) found.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    if (element.closest('[translate="no"]')) continue;
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute)?.trim();
      if (!value || NO_WORDS.test(value)) continue;
      if (!(value.includes('⟦') && value.endsWith('⟧'))) found.push(`${attribute}="${value}"`);
    }
  }
  return found;
}

/**
 * For a `describe` of screens under the pseudo-locale: `renderApp` options for a path, and after each
 * test the check that no key the screens asked for was missing from the catalogue.
 */
export function pseudoLocale() {
  const missingKeys: string[] = [];
  afterEach(() => {
    expect(missingKeys, 'keys without text').toEqual([]);
    missingKeys.length = 0;
  });
  return (path: string): RenderAppOptions => ({ path, resources: pseudoResources(), missingKeys });
}
