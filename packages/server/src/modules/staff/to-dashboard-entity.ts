import type { DashboardEntity, EntityRole } from '@dilosi/domain';
import type { Entity } from '../../db/schema';

export function toDashboardEntity(entity: Entity, roles: EntityRole[]): DashboardEntity {
  return {
    id: entity.id,
    codename: entity.codename,
    display_name: {
      el: entity.display_name.el,
      en: entity.display_name.en ?? entity.display_name.el,
      fr: entity.display_name.fr ?? entity.display_name.en ?? entity.display_name.el,
    },
    email: entity.email,
    is_addressable: entity.is_addressable,
    is_managed: entity.is_managed,
    has_inbox: entity.has_inbox,
    enabled: entity.enabled,
    is_kep: entity.is_kep,
    roles: [...roles].sort(),
  };
}
