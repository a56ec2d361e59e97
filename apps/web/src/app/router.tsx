import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { PageLoader } from '../components/feedback/page-loader.tsx';
import { RouteErrorPage } from '../components/feedback/route-error-page.tsx';
import { AppShell } from '../components/shell/app-shell.tsx';
import { PATHS } from '../lib/paths.ts';
import { useSessionStore } from '../lib/storage.ts';
import { resolveGuardRedirect } from './guards.ts';

/** Runs the SPEC §2 guard before any screen of the app is shown or loaded. */
function guardLoader({ request }: LoaderFunctionArgs) {
  const { token, user } = useSessionStore.getState();
  const pathname = new URL(request.url).pathname;
  const target = resolveGuardRedirect(pathname, { token, role: user?.role ?? null });
  return target ? redirect(target) : null;
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
      {
        path: PATHS.registration,
        lazy: async () => ({
          Component: (await import('../routes/public/registration.tsx')).RegistrationRoute,
        }),
      },
      {
        path: PATHS.forgotPassword,
        lazy: async () => ({
          Component: (await import('../routes/public/forgot-password.tsx')).ForgotPasswordRoute,
        }),
      },
      {
        path: PATHS.resetPassword,
        lazy: async () => ({
          Component: (await import('../routes/public/reset-password.tsx')).ResetPasswordRoute,
        }),
      },
      {
        path: PATHS.verifyEmail,
        lazy: async () => ({
          Component: (await import('../routes/public/verify-email.tsx')).VerifyEmailRoute,
        }),
      },
      {
        path: PATHS.testPayment,
        lazy: async () => ({
          Component: (await import('../routes/public/test-payment.tsx')).TestPaymentRoute,
        }),
      },
      {
        path: PATHS.userBase,
        children: [
          forwardIndexTo(PATHS.contracts),
          {
            path: PATHS.contracts,
            lazy: async () => ({
              Component: (await import('../routes/user/contracts.tsx')).ContractsRoute,
            }),
          },
          {
            path: PATHS.archive,
            lazy: async () => ({
              Component: (await import('../routes/user/archive.tsx')).ArchiveRoute,
            }),
          },
          {
            path: PATHS.archiveDetail,
            lazy: async () => ({
              Component: (await import('../routes/user/document-detail.tsx')).DocumentDetailRoute,
            }),
          },
          {
            path: PATHS.profile,
            lazy: async () => ({
              Component: (await import('../routes/user/profile.tsx')).ProfileRoute,
            }),
          },
          {
            path: PATHS.clients,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../routes/user/clients.tsx')).ClientsRoute,
                }),
              },
              {
                path: PATHS.newClient,
                lazy: async () => ({
                  Component: (await import('../routes/user/new-client.tsx')).NewClientRoute,
                }),
              },
              {
                path: `${PATHS.clients}/:id`,
                lazy: async () => ({
                  Component: (await import('../routes/user/client-detail.tsx')).ClientDetailRoute,
                }),
              },
            ],
          },
          {
            path: PATHS.newContract,
            children: [
              forwardIndexTo(PATHS.questionnaire),
              {
                path: PATHS.questionnaire,
                lazy: async () => ({
                  Component: (await import('../routes/user/new-contract-questionnaire.tsx'))
                    .QuestionnaireRoute,
                }),
              },
              {
                path: PATHS.summary,
                lazy: async () => ({
                  Component: (await import('../routes/user/new-contract-summary.tsx')).SummaryRoute,
                }),
              },
              {
                path: PATHS.preview,
                lazy: async () => ({
                  Component: (await import('../routes/user/new-contract-preview.tsx')).PreviewRoute,
                }),
              },
              {
                path: PATHS.cart,
                lazy: async () => ({
                  Component: (await import('../routes/user/new-contract-cart.tsx')).CartRoute,
                }),
              },
            ],
          },
        ],
      },
      {
        path: PATHS.adminBase,
        children: [
          forwardIndexTo(PATHS.usersContracts),
          {
            path: PATHS.usersContracts,
            lazy: async () => ({
              Component: (await import('../routes/admin/users-contracts.tsx')).UsersContractsRoute,
            }),
          },
          {
            path: PATHS.usersContractDetail,
            lazy: async () => ({
              Component: (await import('../routes/admin/users-contract-detail.tsx'))
                .UsersContractDetailRoute,
            }),
          },
          {
            path: PATHS.users,
            lazy: async () => ({
              Component: (await import('../routes/admin/users.tsx')).UsersRoute,
            }),
          },
          {
            path: PATHS.newTemplate,
            lazy: async () => ({
              Component: (await import('../routes/admin/new-template.tsx')).NewTemplateRoute,
            }),
          },
          {
            path: PATHS.uploadQuestions,
            lazy: async () => ({
              Component: (await import('../routes/admin/upload-questions.tsx'))
                .UploadQuestionsRoute,
            }),
          },
          {
            path: PATHS.convertBlanks,
            lazy: async () => ({
              Component: (await import('../routes/admin/convert-blanks.tsx')).ConvertBlanksRoute,
            }),
          },
          {
            path: PATHS.templates,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../routes/admin/templates.tsx')).TemplatesRoute,
                }),
              },
              {
                path: PATHS.templateQuestionnaire,
                lazy: async () => ({
                  Component: (await import('../routes/admin/template-questionnaire.tsx'))
                    .TemplateQuestionnaireRoute,
                }),
              },
              {
                path: PATHS.templateSummary,
                lazy: async () => ({
                  Component: (await import('../routes/admin/template-summary.tsx'))
                    .TemplateSummaryRoute,
                }),
              },
              {
                path: PATHS.templatePreview,
                lazy: async () => ({
                  Component: (await import('../routes/admin/template-preview.tsx'))
                    .TemplatePreviewRoute,
                }),
              },
            ],
          },
          {
            path: PATHS.categories,
            lazy: async () => ({
              Component: (await import('../routes/admin/categories.tsx')).CategoriesRoute,
            }),
          },
          {
            path: PATHS.newCategory,
            lazy: async () => ({
              Component: (await import('../routes/admin/new-category.tsx')).NewCategoryRoute,
            }),
          },
          {
            path: PATHS.invoices,
            lazy: async () => ({
              Component: (await import('../routes/admin/invoices.tsx')).InvoicesRoute,
            }),
          },
          {
            path: PATHS.serviceStatus,
            lazy: async () => ({
              Component: (await import('../routes/admin/service-status.tsx')).ServiceStatusRoute,
            }),
          },
          {
            path: PATHS.createEditor,
            lazy: async () => ({
              Component: (await import('../routes/admin/create-editor.tsx')).CreateEditorRoute,
            }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
