import type { IcsAreaMapping, IcsAreaMappingAnswer } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  listIcsAreaMapping,
  listIndustryAreas,
  recordAuditEntry,
  replaceIcsAreaMapping,
  type SqlExecutor,
  type Tenant,
  unknownIndustryAreas,
} from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';

/*
 * The store's mapping of ICS prefixes to its industry areas, framework-free: read with the store's areas to
 * choose from, and replaced whole (audited in the same transaction). A standard whose ICS code falls under a
 * mapped prefix belongs to the area from then on (the view standard_area_members), so the area's trackers
 * hear of its changes.
 */

type Actor = { id: string; login: string };

/** The mapping and the store's industry areas. */
export async function readIcsAreaMapping(db: SqlExecutor, store: Tenant): Promise<IcsAreaMappingAnswer> {
  const entries = await listIcsAreaMapping(db, store.id);
  const areas = await listIndustryAreas(db, store.id);
  return { entries, areas: areas.map((a) => ({ marketingCode: a.marketing_code, name: a.code_name })) };
}

/**
 * Replaces the mapping. An area the store does not have (another store's, or none) is a 400 naming each
 * entry that names it; nothing is written then.
 */
export async function saveIcsAreaMapping(
  deps: { db: DatabaseHandle },
  store: Tenant,
  actor: Actor,
  mapping: IcsAreaMapping,
): Promise<IcsAreaMappingAnswer> {
  return deps.db.transaction(async (tx) => {
    const unknown = new Set(
      await unknownIndustryAreas(
        tx,
        store.id,
        mapping.entries.map((e) => e.area),
      ),
    );
    if (unknown.size > 0)
      throw badRequest(
        'The mapping names industry areas this store does not have: nothing was saved.',
        mapping.entries.flatMap((e, index) =>
          unknown.has(e.area)
            ? [
                {
                  path: `body.entries.${index}.area`,
                  message: `${e.area} is not an industry area of this store`,
                },
              ]
            : [],
        ),
      );
    const before = await listIcsAreaMapping(tx, store.id);
    const entries = await replaceIcsAreaMapping(tx, store.id, mapping.entries);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: actor.id, login: actor.login },
      action: 'catalog.ics_areas',
      target: 'ics-mapping',
      before: { entries: before },
      after: { entries },
    });
    return readIcsAreaMapping(tx, store);
  });
}
