import { it } from '@lexpath/shared/messages/it';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { PageLoader } from '../components/feedback/page-loader.tsx';
import { RouteErrorPage } from '../components/feedback/route-error-page.tsx';
import { AppShell } from '../components/shell/app-shell.tsx';
import { useSessionStore } from '../lib/storage.ts';
import { resolveGuardRedirect } from './guards.ts';
import { PATHS } from './paths.ts';

const titles = it.web.titles;

/** Runs the SPEC §2 guard before any screen of the app is shown or loaded. */
function guardLoader({ request }: LoaderFunctionArgs) {
  const { token, user } = useSessionStore.getState();
  const pathname = new URL(request.url).pathname;
  const target = resolveGuardRedirect(pathname, { token, role: user?.role ?? null });
  return target ? redirect(target) : null;
}

/** A screen of a later issue: its own chunk, only the title for now. */
function placeholder(title: string) {
  return async () => {
    const { PlaceholderPage } = await import('../routes/placeholder-page.tsx');
    return { element: <PlaceholderPage title={title} /> };
  };
}

/** An area's base URL, which only forwards to its first screen (SPEC §2). */
function forwardIndexTo(path: string): RouteObject {
  return { index: true, loader: () => redirect(path), element: null };
}

/** The whole SPEC §2 route table. Every screen is a lazy chunk, so /login stays small. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: PATHS.root,
    Component: AppShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    loader: guardLoader,
    // The guard must see every navigation, not only the first one.
    shouldRevalidate: () => true,
    children: [
      // The guard always redirects the root (to the landing page or to login).
      { index: true, element: null },
      {
        path: PATHS.login,
        lazy: async () => ({ Component: (await import('../routes/public/login.tsx')).LoginRoute }),
      },
      {
        path: PATHS.logout,
        lazy: async () => ({
          Component: (await import('../routes/public/logout.tsx')).LogoutRoute,
        }),
      },
      { path: PATHS.registration, lazy: placeholder(titles.registration) },
      { path: PATHS.forgotPassword, lazy: placeholder(titles.forgotPassword) },
      { path: PATHS.resetPassword, lazy: placeholder(titles.resetPassword) },
      { path: PATHS.verifyEmail, lazy: placeholder(titles.verifyEmail) },
      { path: PATHS.testPayment, lazy: placeholder(titles.testPayment) },
      {
        path: PATHS.userBase,
        children: [
          forwardIndexTo(PATHS.contracts),
          { path: PATHS.contracts, lazy: placeholder(titles.contracts) },
          { path: PATHS.archive, lazy: placeholder(titles.archive) },
          { path: PATHS.archiveDetail, lazy: placeholder(titles.documentDetail) },
          { path: PATHS.profile, lazy: placeholder(titles.profile) },
          {
            path: PATHS.newContract,
            children: [
              forwardIndexTo(PATHS.questionnaire),
              { path: PATHS.questionnaire, lazy: placeholder(titles.questionnaire) },
              { path: PATHS.summary, lazy: placeholder(titles.summary) },
              { path: PATHS.preview, lazy: placeholder(titles.preview) },
              { path: PATHS.cart, lazy: placeholder(titles.cart) },
            ],
          },
        ],
      },
      {
        path: PATHS.adminBase,
        children: [
          forwardIndexTo(PATHS.usersContracts),
          { path: PATHS.usersContracts, lazy: placeholder(titles.usersContracts) },
          { path: PATHS.usersContractDetail, lazy: placeholder(titles.documentDetail) },
          { path: PATHS.users, lazy: placeholder(titles.users) },
          { path: PATHS.newTemplate, lazy: placeholder(titles.newTemplate) },
          { path: PATHS.uploadQuestions, lazy: placeholder(titles.uploadQuestions) },
          {
            path: PATHS.templates,
            children: [
              { index: true, lazy: placeholder(titles.templates) },
              { path: PATHS.templateQuestionnaire, lazy: placeholder(titles.questionnaire) },
              { path: PATHS.templateSummary, lazy: placeholder(titles.summary) },
              { path: PATHS.templatePreview, lazy: placeholder(titles.preview) },
            ],
          },
          { path: PATHS.categories, lazy: placeholder(titles.categories) },
          { path: PATHS.newCategory, lazy: placeholder(titles.newCategory) },
          { path: PATHS.createEditor, lazy: placeholder(titles.createEditor) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
