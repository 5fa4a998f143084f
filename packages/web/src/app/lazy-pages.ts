import { lazy } from 'react';

// Every page is its own chunk: only the shell is in the initial bundle.
export const HomePage = lazy(() =>
  import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
);
export const TermsPage = lazy(() =>
  import('../features/content/terms-page').then((m) => ({ default: m.TermsPage })),
);
export const ContentPage = lazy(() =>
  import('../features/content/content-page').then((m) => ({ default: m.ContentPage })),
);
export const NotFoundPage = lazy(() =>
  import('../features/errors/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
export const PermissionDeniedPage = lazy(() =>
  import('../features/errors/permission-denied-page').then((m) => ({
    default: m.PermissionDeniedPage,
  })),
);
export const GenericErrorPage = lazy(() =>
  import('../features/errors/generic-error-page').then((m) => ({ default: m.GenericErrorPage })),
);
export const EggrafiKepPage = lazy(() =>
  import('../features/info/eggrafi-kep-page').then((m) => ({ default: m.EggrafiKepPage })),
);
export const NoMobilePage = lazy(() =>
  import('../features/info/no-mobile-page').then((m) => ({ default: m.NoMobilePage })),
);
export const TemplateDisabledPage = lazy(() =>
  import('../features/templates/template-disabled-page').then((m) => ({
    default: m.TemplateDisabledPage,
  })),
);
export const LoginPage = lazy(() =>
  import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
);
export const DashboardLoginPage = lazy(() =>
  import('../features/auth/login-page').then((m) => ({ default: m.DashboardLoginPage })),
);
export const LoginTokenPage = lazy(() =>
  import('../features/auth/login-token-page').then((m) => ({ default: m.LoginTokenPage })),
);
export const ConsentPage = lazy(() =>
  import('../features/auth/consent-page').then((m) => ({ default: m.ConsentPage })),
);
export const PersonalDetailsPage = lazy(() =>
  import('../features/auth/personal-details-page').then((m) => ({
    default: m.PersonalDetailsPage,
  })),
);
export const TemplatePage = lazy(() =>
  import('../features/templates/template-page').then((m) => ({ default: m.TemplatePage })),
);
export const CreateDocumentPage = lazy(() =>
  import('../features/templates/create-document-page').then((m) => ({
    default: m.CreateDocumentPage,
  })),
);
export const TemplateSearchPage = lazy(() =>
  import('../features/templates/template-search-page').then((m) => ({
    default: m.TemplateSearchPage,
  })),
);
export const TemplateCodePage = lazy(() =>
  import('../features/templates/template-code-page').then((m) => ({
    default: m.TemplateCodePage,
  })),
);
export const CauseOfUsePage = lazy(() =>
  import('../features/start/cause-of-use-page').then((m) => ({
    default: m.CauseOfUsePage,
  })),
);
export const TemplateTypePage = lazy(() =>
  import('../features/templates/template-type-page').then((m) => ({
    default: m.TemplateTypePage,
  })),
);
export const IssueDocumentPage = lazy(() =>
  import('../features/documents/issue-document-page').then((m) => ({
    default: m.IssueDocumentPage,
  })),
);
export const DocumentDonePage = lazy(() =>
  import('../features/documents/document-done-page').then((m) => ({
    default: m.DocumentDonePage,
  })),
);
export const OutboxPage = lazy(() =>
  import('../features/dev/outbox-page').then((m) => ({ default: m.OutboxPage })),
);
export const ValidationContextPage = lazy(() =>
  import('../features/validation/validation-context-page').then((m) => ({
    default: m.ValidationContextPage,
  })),
);
export const ValidationShowPage = lazy(() =>
  import('../features/validation/validation-show-page').then((m) => ({
    default: m.ValidationShowPage,
  })),
);
export const QrScanPage = lazy(() =>
  import('../features/validation/qr-scan-page').then((m) => ({ default: m.QrScanPage })),
);
export const EntityListPage = lazy(() =>
  import('../features/staff/entity-list-page').then((m) => ({ default: m.EntityListPage })),
);
export const WorkspaceLayout = lazy(() =>
  import('../features/staff/workspace-layout').then((m) => ({ default: m.WorkspaceLayout })),
);
export const EntityLanding = lazy(() =>
  import('../features/staff/entity-landing').then((m) => ({ default: m.EntityLanding })),
);
export const DashboardLanding = lazy(() =>
  import('../features/staff/entity-landing').then((m) => ({ default: m.DashboardLanding })),
);
export const ResolveCasePage = lazy(() =>
  import('../features/cases/resolve-case-page').then((m) => ({ default: m.ResolveCasePage })),
);
export const ResourceListPage = lazy(() =>
  import('../features/resources/resource-list-page').then((m) => ({
    default: m.ResourceListPage,
  })),
);
export const InboxListPage = lazy(() =>
  import('../features/cases/inbox-list-page').then((m) => ({ default: m.InboxListPage })),
);
export const RequestsListPage = lazy(() =>
  import('../features/staff/requests-list-page').then((m) => ({
    default: m.RequestsListPage,
  })),
);
export const UsersActivePage = lazy(() =>
  import('../features/staff/users-active-page').then((m) => ({ default: m.UsersActivePage })),
);
export const UsersPendingPage = lazy(() =>
  import('../features/staff/users-pending-page').then((m) => ({
    default: m.UsersPendingPage,
  })),
);
export const EntityDocumentPage = lazy(() =>
  import('../features/documents/entity-wizard').then((m) => ({
    default: m.EntityDocumentPage,
  })),
);
export const StartEntityDocumentPage = lazy(() =>
  import('../features/documents/entity-wizard').then((m) => ({
    default: m.StartEntityDocumentPage,
  })),
);
export const EditReplyPage = lazy(() =>
  import('../features/documents/entity-wizard').then((m) => ({
    default: m.EditReplyPage,
  })),
);
export const EntityTemplatesPage = lazy(() =>
  import('../features/cases/entity-templates-page').then((m) => ({
    default: m.EntityTemplatesPage,
  })),
);
export const EntitySettingsPage = lazy(() =>
  import('../features/staff/entity-settings-page').then((m) => ({
    default: m.EntitySettingsPage,
  })),
);
export const CasePage = lazy(() =>
  import('../features/cases/case-page').then((m) => ({ default: m.CasePage })),
);

export const MessagesPage = lazy(() =>
  import('../features/messages/messages-page').then((m) => ({ default: m.MessagesPage })),
);
export const JointConsentPage = lazy(() =>
  import('../features/joint/joint-consent-page').then((m) => ({ default: m.JointConsentPage })),
);
export const JointConsentsPage = lazy(() =>
  import('../features/joint/joint-consents-page').then((m) => ({ default: m.JointConsentsPage })),
);
export const MessagePage = lazy(() =>
  import('../features/messages/message-page').then((m) => ({ default: m.MessagePage })),
);
export const NewMessagesPoller = lazy(() =>
  import('../features/messages/new-messages-poller').then((m) => ({
    default: m.NewMessagesPoller,
  })),
);
export const VaultExportPage = lazy(() =>
  import('../features/vault-export/vault-export-page').then((m) => ({
    default: m.VaultExportPage,
  })),
);
export const VaultIndexPage = lazy(() =>
  import('../features/vault/vault-index-page').then((m) => ({ default: m.VaultIndexPage })),
);
export const VaultDraftsPage = lazy(() =>
  import('../features/vault/vault-drafts-page').then((m) => ({ default: m.VaultDraftsPage })),
);
export const VaultCasesPage = lazy(() =>
  import('../features/vault/vault-cases-page').then((m) => ({ default: m.VaultCasesPage })),
);
export const VaultCaseThreadPage = lazy(() =>
  import('../features/vault/vault-case-thread-page').then((m) => ({
    default: m.VaultCaseThreadPage,
  })),
);
export const VaultInboxPage = lazy(() =>
  import('../features/vault/vault-inbox-page').then((m) => ({ default: m.VaultInboxPage })),
);
export const VaultShowPage = lazy(() =>
  import('../features/vault/vault-show-page').then((m) => ({ default: m.VaultShowPage })),
);
export const VaultInboxItemPage = lazy(() =>
  import('../features/vault/vault-inbox-item-page').then((m) => ({
    default: m.VaultInboxItemPage,
  })),
);
export const MyPage = lazy(() =>
  import('../features/vault/my-page').then((m) => ({ default: m.MyPage })),
);

export const DemoLayout = lazy(() =>
  import('../features/demo/demo-layout').then((m) => ({ default: m.DemoLayout })),
);
export const DemoVehiclesPage = lazy(() =>
  import('../features/demo/demo-vehicles-page').then((m) => ({ default: m.DemoVehiclesPage })),
);
export const DemoNotificationsPage = lazy(() =>
  import('../features/demo/demo-notifications-page').then((m) => ({
    default: m.DemoNotificationsPage,
  })),
);
export const DemoConsentPage = lazy(() =>
  import('../features/demo/demo-consent-page').then((m) => ({ default: m.DemoConsentPage })),
);
export const DemoRedirectPage = lazy(() =>
  import('../features/demo/demo-redirect-page').then((m) => ({ default: m.DemoRedirectPage })),
);
export const StatisticsPage = lazy(() =>
  import('../features/staff/statistics-page').then((m) => ({ default: m.StatisticsPage })),
);
export const BinPage = lazy(() =>
  import('../features/cases/bin-page').then((m) => ({ default: m.BinPage })),
);
export const CorrectionPage = lazy(() =>
  import('../features/corrections/correction-page').then((m) => ({ default: m.CorrectionPage })),
);
export const KepPage = lazy(() =>
  import('../features/kep/kep-page').then((m) => ({ default: m.KepPage })),
);
export const EntityOpinionsPage = lazy(() =>
  import('../features/opinions/opinion-pages').then((m) => ({ default: m.EntityOpinionsPage })),
);
export const EntityOpinionPage = lazy(() =>
  import('../features/opinions/opinion-pages').then((m) => ({ default: m.EntityOpinionPage })),
);
export const MyOpinionPage = lazy(() =>
  import('../features/opinions/opinion-pages').then((m) => ({ default: m.MyOpinionPage })),
);
