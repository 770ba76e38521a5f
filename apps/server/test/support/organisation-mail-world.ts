import { addStandardToList } from '@trackwell/db';
import { beforeAll } from 'vitest';
import { createMailContent } from '../../src/modules/notifications/mail-content.ts';
import type { MailTransport, NotificationMail } from '../../src/modules/notifications/transport.ts';
import { makeOrganisation, type TestOrganisation } from './organisation-world.ts';
import { a, catA, std, t, useTrackerWorld } from './tracker-world.ts';

/**
 * What the organisation tests that send e-mail share (recipients, review notices): the tracker world's two
 * stores, an organisation of store A (organisation-world.ts: made through the API, a member of each role, one
 * list) whose list holds standard `standard` of A's catalogue, and the mail parts of the worker's jobs.
 */
export function useOrganisationWorld(name: string, { standard }: { standard: number }) {
  useTrackerWorld();
  const world = {} as { org: TestOrganisation };
  beforeAll(async () => {
    world.org = await makeOrganisation(a, name);
    await t.app.db.transaction((tx) =>
      addStandardToList(tx, a.tenant.id, world.org.listId, std(catA, standard).id),
    );
  });
  return world;
}

/** A mail transport that keeps what it sends; `failNext(n)`: the next n sends fail, as an SMTP server down would. */
export function keptMail() {
  const sent: NotificationMail[] = [];
  let failing = 0;
  const transport: MailTransport = {
    async send(m) {
      if (failing > 0) {
        failing--;
        throw new Error('421 service not available');
      }
      sent.push(m);
      return { messageId: m.messageId, raw: '' };
    },
    close: async () => {},
  };
  return {
    sent,
    transport,
    failNext: (n: number) => {
      failing = n;
    },
  };
}

/** The stores' mail content (branding, origin) as the worker reads it. */
export const mailContent = () =>
  createMailContent({
    db: t.app.db,
    origin: (host) => t.app.publicUrls.origin({ canonicalHost: host }),
    log: t.app.log,
  });
