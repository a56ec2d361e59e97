import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { clearClientState } from '../lib/storage.ts';
import { toaster } from '../lib/toaster.ts';

// A first render in a fresh worker (Chakra builds its theme) can pass testing-library's 1 s
// default on a loaded two-core machine; an element that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  // happy-dom never fires animationend, so Ark would keep a closing drawer or dialog mounted
  // forever; without animations it unmounts them at once, as a browser does after the animation.
  if (typeof document === 'undefined') return;
  const noAnimations = document.createElement('style');
  noAnimations.textContent = '*, *::before, *::after { animation-name: none !important; }';
  document.head.append(noAnimations);
});

afterEach(() => {
  cleanup();
  clearClientState();
  // The toaster is a module singleton: a 9 s toast must not leak into the next test.
  toaster.remove();
});
