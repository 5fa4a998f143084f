import { paths } from '../config/paths';

/**
 * Addresses of the previous generation of the service, kept so old bookmarks and links in
 * e-mails still work (spec section 2: "Legacy paths only redirect"). Each one, and anything
 * below it, redirects (replacing the history entry) to its current page, keeping the query.
 *
 * | legacy path           | goes to               | was                                    |
 * |-----------------------|-----------------------|----------------------------------------|
 * | /messages             | /my/messages          | the citizen's messages inbox           |
 * | /verify               | /validate             | document verification by code          |
 * | /profile              | /my/personal-details  | the citizen's contact details          |
 * | /vault/declarations   | /vault/cases          | issued documents in the personal vault |
 * | /user                 | /my                   | the citizen's own area                 |
 */
export const LEGACY_REDIRECTS = [
  { from: '/messages', to: paths.my.messages.root.getHref() },
  { from: '/verify', to: paths.validation.root.getHref() },
  { from: '/profile', to: paths.my.personalDetails.getHref() },
  { from: '/vault/declarations', to: paths.vault.cases.getHref() },
  { from: '/user', to: paths.my.root.getHref() },
] as const;
