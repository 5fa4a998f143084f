import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AppLayout } from './app-layout';
import { FeatureGate } from './feature-gate';
import { LandingRoute } from './landing-route';
import { RequireUser } from '../features/auth/require-user';
import {
  ConsentPage,
  CreateDocumentPage,
  DocumentDonePage,
  IssueDocumentPage,
  DashboardLoginPage,
  LoginPage,
  LoginTokenPage,
  CorrectionPage,
  JointConsentPage,
  JointConsentsPage,
  MessagePage,
  MessagesPage,
  PersonalDetailsPage,
  ContentPage,
  EggrafiKepPage,
  GenericErrorPage,
  HomePage,
  NoMobilePage,
  NotFoundPage,
  OutboxPage,
  EntityListPage,
  EntityLanding,
  DashboardLanding,
  ResolveCasePage,
  ResourceListPage,
  WorkspaceLayout,
  InboxListPage,
  CasePage,
  EntitySettingsPage,
  RequestsListPage,
  UsersActivePage,
  UsersPendingPage,
  StatisticsPage,
  BinPage,
  EntityOpinionsPage,
  KepPage,
  EntityOpinionPage,
  MyOpinionPage,
  EntityDocumentPage,
  StartEntityDocumentPage,
  EditReplyPage,
  EntityTemplatesPage,
  PermissionDeniedPage,
  TemplateCodePage,
  TemplateDisabledPage,
  TemplatePage,
  TemplateSearchPage,
  TemplateTypePage,
  CauseOfUsePage,
  DemoConsentPage,
  DemoLayout,
  DemoNotificationsPage,
  DemoRedirectPage,
  DemoVehiclesPage,
  TermsPage,
  QrScanPage,
  ValidationContextPage,
  ValidationShowPage,
  VaultExportPage,
  MyPage,
  VaultCasesPage,
  VaultCaseThreadPage,
  VaultDraftsPage,
  VaultInboxItemPage,
  VaultInboxPage,
  VaultIndexPage,
  VaultShowPage,
} from './lazy-pages';
import { LEGACY_REDIRECTS } from './legacy-redirects';
import { ToastRegion } from '../ui/toasts';
import { ValidateDefaultContext } from './validate-default-context';

/** A legacy address and anything below it go to the current page, keeping the query. */
function LegacyRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

const legacyRedirectRoutes: RouteObject[] = LEGACY_REDIRECTS.flatMap(({ from, to }) => [
  { path: from, element: <LegacyRedirect to={to} /> },
  { path: `${from}/*`, element: <LegacyRedirect to={to} /> },
]);

/** The dashboard's pages (spec section 7), inside the workspace. */
const dashboardPages: RouteObject[] = [
  { path: paths.dashboard.root.path, element: <DashboardLanding /> },

  { path: paths.dashboard.entities.path, element: <EntityListPage /> },
  { path: paths.dashboard.entity.path, element: <EntityLanding /> },
  { path: paths.dashboard.inboxRoot.path, element: <Navigate to="list/all" replace /> },
  { path: paths.dashboard.inbox.path, element: <InboxListPage /> },
  { path: paths.dashboard.case.path, element: <CasePage /> },
  { path: paths.dashboard.caseShort.path, element: <CasePage /> },
  { path: paths.dashboard.resolveCase.path, element: <ResolveCasePage /> },
  { path: paths.dashboard.requests.path, element: <RequestsListPage /> },
  { path: paths.dashboard.settings.path, element: <EntitySettingsPage /> },
  { path: paths.dashboard.usersActive.path, element: <UsersActivePage /> },
  { path: paths.dashboard.usersPending.path, element: <UsersPendingPage /> },
  { path: paths.dashboard.statistics.path, element: <StatisticsPage /> },
  { path: paths.dashboard.bin.path, element: <BinPage /> },
  { path: paths.dashboard.opinions.path, element: <EntityOpinionsPage /> },
  { path: paths.dashboard.kep.path, element: <KepPage /> },
  { path: paths.dashboard.opinion.path, element: <EntityOpinionPage /> },
  // Replies and the entity's documents: the documents feature's wizard, entity-scoped.
  { path: paths.dashboard.templates.path, element: <EntityTemplatesPage /> },
  { path: paths.dashboard.replyEdit.path, element: <EditReplyPage /> },
  {
    path: paths.dashboard.replyStart.path,
    element: <StartEntityDocumentPage purpose="reply" />,
  },
  { path: paths.dashboard.reply.path, element: <EntityDocumentPage purpose="reply" /> },
  { path: paths.dashboard.replyStep.path, element: <EntityDocumentPage purpose="reply" /> },
  {
    path: paths.dashboard.issueStart.path,
    element: <StartEntityDocumentPage purpose="issue" />,
  },
  { path: paths.dashboard.issue.path, element: <EntityDocumentPage purpose="issue" /> },
  { path: paths.dashboard.issueStep.path, element: <EntityDocumentPage purpose="issue" /> },
  { path: paths.dashboard.resourceRoot.path, element: <ResourceListPage /> },
  { path: paths.dashboard.resource.path, element: <ResourceListPage /> },
  { path: paths.dashboard.rest.path, element: <NotFoundPage /> },
];

const pages: RouteObject[] = [
  { index: true, element: <LandingRoute /> },
  { path: paths.home.path, element: <HomePage /> },
  { path: paths.terms.path, element: <TermsPage /> },
  { path: paths.content.path, element: <ContentPage notFound={<NotFoundPage />} /> },
  { path: paths.auth.login.path, element: <LoginPage /> },
  { path: paths.auth.token.path, element: <LoginTokenPage /> },
  { path: paths.auth.dashboardLogin.path, element: <DashboardLoginPage /> },
  { path: paths.errors.permissionDenied.path, element: <PermissionDeniedPage /> },
  { path: paths.errors.generic.path, element: <GenericErrorPage /> },
  { path: paths.info.eggrafiKep.path, element: <EggrafiKepPage /> },
  { path: paths.info.noMobile.path, element: <NoMobilePage /> },
  { path: paths.templates.disabled.path, element: <TemplateDisabledPage /> },

  // Issuing (spec sections 2 and 4). Template pages are public; creation asks for a login itself
  // (anonymous templates log in anonymously); a document needs its owner's session.
  {
    path: paths.templates.index.path,
    element: <LegacyRedirect to={paths.templates.search.getHref()} />,
  },
  { path: paths.templates.template.path, element: <TemplatePage /> },
  { path: paths.templates.step.path, element: <TemplatePage /> },
  { path: paths.templates.create.path, element: <CreateDocumentPage /> },
  { path: paths.templates.uiForm.path, element: <CreateDocumentPage /> },
  { path: paths.templates.uiFormStep.path, element: <CreateDocumentPage /> },
  {
    path: paths.templates.chooseRoot.path,
    element: <Navigate to={paths.templates.type.getHref()} replace />,
  },
  { path: paths.start.path, element: <CauseOfUsePage /> },
  { path: paths.templates.type.path, element: <TemplateTypePage /> },
  { path: paths.templates.code.path, element: <TemplateCodePage /> },
  { path: paths.templates.search.path, element: <TemplateSearchPage /> },
  { path: paths.templates.chooseRest.path, element: <NotFoundPage /> },
  {
    element: <RequireUser />,
    children: [
      { path: paths.documents.issue.path, element: <IssueDocumentPage /> },
      { path: paths.documents.issueStep.path, element: <IssueDocumentPage /> },
      { path: paths.documents.done.path, element: <DocumentDonePage /> },
      { path: paths.auth.consent.path, element: <ConsentPage /> },
      { path: paths.my.root.path, element: <MyPage /> },
      { path: paths.my.personalDetails.path, element: <PersonalDetailsPage /> },
      { path: paths.my.jointList.path, element: <JointConsentsPage /> },
      { path: paths.my.joint.path, element: <JointConsentPage /> },
      { path: paths.my.correction.path, element: <CorrectionPage /> },
      { path: paths.my.opinion.path, element: <MyOpinionPage /> },
    ],
  },

  // Route groups behind feature flags: a closed flag answers with the not-found page.
  {
    element: <FeatureGate flag="CITIZENINBOX_ENABLED" />,
    children: [
      {
        element: <RequireUser />,
        children: [
          { path: paths.my.messages.root.path, element: <MessagesPage /> },
          { path: paths.my.messages.archive.path, element: <MessagesPage archive /> },
          { path: paths.my.messages.show.path, element: <MessagePage /> },
          { path: paths.my.messages.rest.path, element: <NotFoundPage /> },
          { path: paths.vault.export.path, element: <VaultExportPage /> },
          { path: paths.vault.root.path, element: <VaultIndexPage /> },
          { path: paths.vault.cases.path, element: <VaultCasesPage /> },
          { path: paths.vault.thread.path, element: <VaultCaseThreadPage /> },
          { path: paths.vault.drafts.path, element: <VaultDraftsPage /> },
          { path: paths.vault.inbox.path, element: <VaultInboxPage /> },
          { path: paths.vault.personalDetails.path, element: <PersonalDetailsPage /> },
          { path: paths.vault.show.path, element: <VaultShowPage /> },
          { path: paths.vault.showItem.path, element: <VaultInboxItemPage /> },
          { path: paths.vault.rest.path, element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    element: <FeatureGate flag="DASHBOARD_ENABLED" />,
    children: [
      {
        element: <RequireUser admin />,
        children: [
          // Every dashboard page sits in the full-width workspace with its sidebar (issue #39).
          { element: <WorkspaceLayout />, children: dashboardPages },
        ],
      },
    ],
  },
  {
    element: <FeatureGate flag="DEVEL" />,
    children: [
      {
        path: paths.dev.root.path,
        element: <Navigate to={paths.dev.outbox.getHref()} replace />,
      },
      { path: paths.dev.outbox.path, element: <OutboxPage /> },
      { path: paths.dev.rest.path, element: <NotFoundPage /> },
      {
        path: paths.demo.root.path,
        element: <Navigate to={paths.demo.vehicles.getHref()} replace />,
      },
      {
        element: <DemoLayout />,
        children: [
          { path: paths.demo.vehicles.path, element: <DemoVehiclesPage /> },
          { path: paths.demo.notifications.path, element: <DemoNotificationsPage /> },
          { path: paths.demo.archive.path, element: <DemoNotificationsPage archive /> },
          { path: paths.demo.redirect.path, element: <DemoRedirectPage /> },
          { path: paths.demo.consent.path, element: <DemoConsentPage /> },
        ],
      },
      { path: paths.demo.rest.path, element: <NotFoundPage /> },
    ],
  },
  {
    element: <FeatureGate flag="REFCODE_ENABLED" />,
    children: [
      { path: paths.validation.root.path, element: <ValidateDefaultContext /> },
      { path: paths.validation.context.path, element: <ValidationContextPage /> },
      { path: paths.validation.contextShow.path, element: <ValidationShowPage /> },
      { path: paths.validation.show.path, element: <ValidationShowPage /> },
      { path: paths.validation.showInContext.path, element: <ValidationShowPage /> },
      { path: paths.validation.scan.path, element: <QrScanPage /> },
      { path: paths.validation.scanValidate.path, element: <QrScanPage /> },
      { path: paths.validation.scanValidateContext.path, element: <QrScanPage /> },
    ],
  },

  ...legacyRedirectRoutes,
  { path: paths.errors.notFound.path, element: <NotFoundPage /> },
];

/** The shell and, beside it, the toasts, which outlive a change of page (e.g. after hiding a document). */
function Shell() {
  return (
    <>
      <AppLayout />
      <ToastRegion />
    </>
  );
}

export const routes: RouteObject[] = [{ element: <Shell />, children: pages }];

/** The route tree (declarative mode: the data router's loaders are not used, and cost bytes). */
export function AppRoutes() {
  return useRoutes(routes);
}
