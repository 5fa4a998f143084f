import type { ResourceActionRequest, ResourceActionResponse, ResourceInfo } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { invalidArguments, pageOf } from './resource-arguments';

export const recipientDatasetsInfo: ResourceInfo = {
  name: 'recipient-datasets',
  title: 'resources.recipient-datasets.title',
  fields: [
    {
      name: 'codename',
      label: 'resources.recipient-datasets.codename',
      type: 'text',
      filterable: false,
    },
    { name: 'title', label: 'resources.recipient-datasets.name', type: 'text', filterable: false },
    {
      name: 'members',
      label: 'resources.recipient-datasets.members',
      type: 'text',
      filterable: false,
    },
  ],
  row_actions: [
    { name: 'update', label: 'resources.actions.edit', arguments: ['title', 'members'] },
    { name: 'delete', label: 'resources.actions.delete', arguments: [] },
  ],
  resource_actions: [
    {
      name: 'create',
      label: 'resources.actions.createDataset',
      arguments: ['codename', 'title', 'members'],
    },
  ],
};

const TITLE_MAX = 200;
const MEMBERS_MAX = 200;

function textOf(request: ResourceActionRequest, name: string, max: number): string {
  const value = request.arguments[name];
  if (typeof value !== 'string' || value.trim() === '') throw invalidArguments(name, 'required');
  if (value.trim().length > max) throw invalidArguments(name, 'invalid');
  return value.trim();
}

function codenameOf(request: ResourceActionRequest): string {
  const codename = textOf(request, 'codename', 64).toUpperCase();
  if (!/^[A-Z0-9_]{2,64}$/.test(codename)) throw invalidArguments('codename', 'invalid');
  return codename;
}

/** The members, entity codenames separated by commas or spaces: each an existing entity. */
async function membersOf(
  db: Kysely<DB>,
  request: ResourceActionRequest,
): Promise<{ id: string; codename: string }[]> {
  const codenames = [
    ...new Set(
      textOf(request, 'members', 4000)
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
  if (codenames.length > MEMBERS_MAX) throw invalidArguments('members', 'invalid');
  const entities = await db
    .selectFrom('entities')
    .select(['id', 'codename'])
    .where('codename', 'in', codenames)
    .execute();
  const unknown = codenames.find((codename) => !entities.some((e) => e.codename === codename));
  if (unknown) throw new AppError(422, 'dataset_member_not_found', { codename: unknown });
  return entities;
}

async function ownDataset(db: Kysely<DB>, entityId: string, codename: string | undefined) {
  const row = codename
    ? await db
        .selectFrom('recipient_datasets')
        .select(['codename', 'title'])
        .where('codename', '=', codename)
        .where('owner_entity_id', '=', entityId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError(404, 'not_found');
  return row;
}

async function rowsOf(db: Kysely<DB>, datasets: { codename: string; title: { el: string } }[]) {
  const members =
    datasets.length === 0
      ? []
      : await db
          .selectFrom('recipient_dataset_members')
          .innerJoin('entities', 'entities.id', 'recipient_dataset_members.entity_id')
          .select(['recipient_dataset_members.dataset', 'entities.codename'])
          .where(
            'recipient_dataset_members.dataset',
            'in',
            datasets.map((d) => d.codename),
          )
          .orderBy('entities.codename')
          .execute();
  return datasets.map((d) => ({
    id: d.codename,
    codename: d.codename,
    title: d.title.el,
    members: members
      .filter((m) => m.dataset === d.codename)
      .map((m) => m.codename)
      .join(', '),
  }));
}

/**
 * The recipient-datasets resource (issue #39): the named groups of entities the entity's
 * clerks can forward a case's information to at once (forward-info). An entity keeps its own;
 * the shared ones are the platform's and are not listed here.
 */
export async function runRecipientDatasetsAction(
  db: Kysely<DB>,
  input: { entityId: string; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { entityId, request } = input;
  switch (request.action) {
    case 'list': {
      const { limit, offset } = pageOf(request);
      const base = db.selectFrom('recipient_datasets').where('owner_entity_id', '=', entityId);
      const [datasets, total] = await Promise.all([
        base
          .select(['codename', 'title'])
          .orderBy('codename')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: await rowsOf(db, datasets), meta: { count: Number(total.n), limit, offset } };
    }
    case 'create': {
      const codename = codenameOf(request);
      const title = textOf(request, 'title', TITLE_MAX);
      const members = await membersOf(db, request);
      const text = { el: title, en: title, fr: title };
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('recipient_datasets')
          .values({ codename, title: JSON.stringify(text), owner_entity_id: entityId })
          .onConflict((oc) => oc.column('codename').doNothing())
          .returning(['codename', 'title'])
          .executeTakeFirst();
        if (!row) throw new AppError(409, 'dataset_exists');
        await trx
          .insertInto('recipient_dataset_members')
          .values(members.map((m) => ({ dataset: codename, entity_id: m.id })))
          .execute();
        return row;
      });
      return { data: await rowsOf(db, [created]) };
    }
    case 'update': {
      const found = await ownDataset(db, entityId, request.object_id);
      const title = textOf(request, 'title', TITLE_MAX);
      const members = await membersOf(db, request);
      const text = { el: title, en: title, fr: title };
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('recipient_datasets')
          .set({ title: JSON.stringify(text) })
          .where('codename', '=', found.codename)
          .execute();
        await trx
          .deleteFrom('recipient_dataset_members')
          .where('dataset', '=', found.codename)
          .execute();
        await trx
          .insertInto('recipient_dataset_members')
          .values(members.map((m) => ({ dataset: found.codename, entity_id: m.id })))
          .execute();
      });
      return { data: await rowsOf(db, [{ codename: found.codename, title: text }]) };
    }
    case 'delete': {
      const found = await ownDataset(db, entityId, request.object_id);
      await db.deleteFrom('recipient_datasets').where('codename', '=', found.codename).execute();
      return { data: [] };
    }
    default:
      throw new AppError(400, 'resource_action_not_found');
  }
}
