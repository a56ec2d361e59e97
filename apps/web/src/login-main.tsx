// The stand-alone /login page (issue 13): React, the form and the shared login schema, no
// Chakra, router or query cache. Its HTML is rendered at build time (build/prerender-pages.ts)
// and hydrated here; the signed-in app is the other entry (main.tsx).
// First: zod must be jitless before any schema is built (see the module).
import './lib/zod-jitless.ts';
// The page's reset and the theme's colours (plain-tokens.css), before its screens' sheets.
import './app/theme/plain-document.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LoginDocument } from './features/auth/components/login-document.tsx';
import { homePathFor } from './lib/paths.ts';
import { useSessionStore } from './lib/storage.ts';

const { token, user } = useSessionStore.getState();
const container = document.getElementById('root');
if (token && user) {
  // DESIGN §6: a signed-in visitor is sent from the public pages to the role's landing page.
  window.location.replace(homePathFor(user.role));
} else if (container) {
  hydrateRoot(
    container,
    <StrictMode>
      <LoginDocument />
    </StrictMode>,
  );
}
