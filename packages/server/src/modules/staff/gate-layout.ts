import type { GateLayout } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import { activeRolesOf, hasRole } from './entity-access';

const CITIZEN_GATE = 'USER';

/**
 * GET /api/gates/{codename}/gate/layout (spec section 7). `USER`: the citizen's own mailbox.
 * An entity codename: its dashboard for the caller's roles there — the inbox for clerks, the
 * settings and staff pages for heads; the landing page is the first the caller may open
 * (settings, head, clerk order of the spec reduces to: inbox for clerks, else settings).
 */
export async function gateLayout(
  db: Kysely<DB>,
  user: CurrentUser,
  codename: string,
): Promise<GateLayout> {
  if (codename === CITIZEN_GATE) {
    return {
      'nav-actions': [
        {
          key: 'vault',
          url: '/vault',
          title: { el: 'Τα έγγραφά μου', en: 'My documents', fr: 'Mes documents' },
        },
        {
          key: 'messages',
          url: '/my/messages',
          title: { el: 'Μηνύματα', en: 'Messages', fr: 'Messages' },
        },
      ],
      'landing-url': '/vault',
    };
  }
  if (!user.isAdmin) throw new AppError(403, 'permission_denied');
  const entity = await db
    .selectFrom('entities')
    .select(['id'])
    .where('codename', '=', codename)
    .executeTakeFirst();
  const all = await activeRolesOf(db, user.id);
  const roles = entity ? all.get(entity.id) : undefined;
  if (!entity || !roles) {
    if (all.size === 0) throw new AppError(403, 'permission_denied');
    throw new AppError(404, 'not_found');
  }
  const base = `/dashboard/entities/show/${entity.id}`;
  const actions: GateLayout['nav-actions'] = [];
  // The extra roles' pages, for who is not a head (a head finds them among the head's pages),
  // first: the landing follows the order settings, head, clerk (spec section 4).
  if (!roles.includes('head')) {
    if (hasRole(roles, 'settings_owner')) {
      actions.push(
        {
          key: 'settings',
          url: `${base}/settings`,
          title: { el: 'Ρυθμίσεις', en: 'Settings', fr: 'Paramètres' },
        },
        {
          key: 'notifications',
          url: `${base}/resource/notifications`,
          title: { el: 'Ειδοποιήσεις', en: 'Notifications', fr: 'Notifications' },
        },
      );
    }
    if (hasRole(roles, 'templates_author')) {
      actions.push({
        key: 'template-permissions',
        url: `${base}/resource/template-permissions`,
        title: {
          el: 'Δικαιώματα προτύπων',
          en: 'Template permissions',
          fr: 'Droits sur les modèles',
        },
      });
    }
  }
  if (hasRole(roles, 'clerk')) {
    actions.push(
      {
        key: 'inbox',
        url: `${base}/inbox/list/all`,
        title: { el: 'Υποθέσεις', en: 'Cases', fr: 'Dossiers' },
      },
      {
        key: 'templates',
        url: `${base}/templates`,
        title: { el: 'Έκδοση εγγράφου', en: 'Issue a document', fr: 'Émettre un document' },
      },
    );
  }
  if (hasRole(roles, 'head')) {
    actions.push(
      {
        key: 'settings',
        url: `${base}/settings`,
        title: { el: 'Ρυθμίσεις', en: 'Settings', fr: 'Paramètres' },
      },
      {
        key: 'users-active',
        url: `${base}/users/active`,
        title: { el: 'Προσωπικό', en: 'Staff', fr: 'Personnel' },
      },
      {
        key: 'users-pending',
        url: `${base}/users/pending`,
        title: { el: 'Αιτήματα πρόσβασης', en: 'Access requests', fr: "Demandes d'accès" },
      },
      {
        key: 'resources',
        url: `${base}/resource/notifications`,
        title: { el: 'Ειδοποιήσεις και ιστορικό', en: 'Notices and audit', fr: 'Avis et journal' },
      },
    );
  }
  return { 'nav-actions': actions, 'landing-url': actions[0]?.url ?? null };
}
