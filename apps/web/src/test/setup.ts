import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens load lazily (route chunks, catalogues); on a busy 2-core runner that can take seconds:
// 5 s was exceeded there (a location's second tab, 6.0 s; the locations overview, 6.8 s). Only a
// failing wait lasts this long; a passing one ends when the element appears.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    // like browsers: the empty query matches everything, others describe a narrow, motion-free screen
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve() }, configurable: true });

afterEach(() => {
  cleanup();
  // the toast store outlives a render (and a test file: the project runs without isolation)
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
