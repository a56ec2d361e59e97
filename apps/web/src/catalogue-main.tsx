// The stand-alone catalogue (issue 13): the lawyer's «Nuovo documento» as a page of its own,
// with React, React Query and the session store, no Chakra and no router. Its frame is in its
// HTML (build/prerender-pages.ts); catalogue-start.tsx asks for the templates at once and draws
// the page with them. Every other screen is the app (main.tsx): a link from here loads it.
// The page's reset and the theme's colours (plain-tokens.css), before its screens' sheets.
import './app/theme/plain-document.css';
import { redirectFor, startCataloguePage } from './catalogue-start.tsx';
import { useSessionStore } from './lib/storage.ts';

const container = document.getElementById('root');
const target = redirectFor(useSessionStore.getState());
if (target) window.location.replace(target);
else if (container) void startCataloguePage(container);
