import type { EntityTemplateUse, Template } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/**
 * The templates of this process: the current catalogue in memory, older versions (which
 * documents may still use) read from the templates table once and kept.
 */
export class TemplateCatalog {
  private readonly current: Map<string, Template>;
  private readonly versions = new Map<string, Template>();

  constructor(
    templates: readonly Template[],
    private readonly database: Database,
    private readonly options: { devel: boolean },
  ) {
    this.current = new Map(templates.map((template) => [template.refname, template]));
    for (const template of templates) this.versions.set(versionKey(template), template);
  }

  /**
   * A template citizens may see: devel templates only when DEVEL is on, never an entity's
   * templates. Disabled ones included.
   */
  find(refname: string): Template | undefined {
    const template = this.current.get(refname);
    if (!template || !this.isOffered(template) || template.issuer !== 'citizen') return undefined;
    return template;
  }

  /** Every template citizens may see, disabled ones included. */
  list(): Template[] {
    return [...this.current.values()].filter(
      (template) => this.isOffered(template) && template.issuer === 'citizen',
    );
  }

  /**
   * The enabled templates that can be used by an entity's staff for `use`: entity templates
   * marked for it, and, to issue, also the citizen templates marked with `entity_use: ['issue']`.
   * Which entity may use which is granted apart (entity_template_permissions, issue #39: see
   * listEntityTemplates).
   */
  listForEntity(use: EntityTemplateUse): Template[] {
    return [...this.current.values()]
      .filter((template) => this.isOffered(template) && template.enabled)
      .filter((template) => template.entity_use.includes(use))
      .sort((a, b) => a.refname.localeCompare(b.refname));
  }

  /** One of listForEntity(use), or undefined. */
  findForEntity(refname: string, use: EntityTemplateUse): Template | undefined {
    return this.listForEntity(use).find((template) => template.refname === refname);
  }

  private isOffered(template: Template): boolean {
    return !template.devel || this.options.devel;
  }

  /** The largest per-field file limit of the catalogue (for the multipart parser's cap). */
  maxFileSize(fallback: number): number {
    let max = fallback;
    const visit = (fields: Template['fields']) => {
      for (const field of fields) {
        const limit = field['component-params']['file-max-size'];
        if (field.component === 'attachment' && limit !== undefined) max = Math.max(max, limit);
        if (field['list-of']) visit(field['list-of'].fields);
      }
    };
    for (const template of this.current.values()) visit(template.fields);
    return max;
  }

  /** The definition a document was created with (`db`: the caller's transaction, if any). */
  async definition(
    refname: string,
    version: number,
    db: Kysely<DB> = this.database.db,
  ): Promise<Template> {
    const key = `${refname}@${version}`;
    const known = this.versions.get(key);
    if (known) return known;
    const row = await db
      .selectFrom('templates')
      .select('definition')
      .where('refname', '=', refname)
      .where('version', '=', version)
      .executeTakeFirstOrThrow();
    const template = row.definition as Template;
    this.versions.set(key, template);
    return template;
  }
}

function versionKey(template: Template): string {
  return `${template.refname}@${template.version}`;
}
