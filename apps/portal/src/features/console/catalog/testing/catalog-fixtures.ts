import { CONSOLE_PATHS } from '@trackwell/contracts';
import type { fakeConsoleApi } from '../../testing/fake-console-api.ts';
import type { ConsoleStandard } from '../api/catalog-api.ts';

export const AWWA = {
  code: 'awwa',
  name: 'AWWA Store',
  canonicalHost: 'awwa.localhost',
  hosts: ['awwa.localhost'],
};

export const STANDARD: ConsoleStandard = {
  contentCode: 'AWWA C151',
  designation: 'C151-17',
  title: 'Ductile-Iron Pipe, Centrifugally Cast',
  status: 'active',
  edition: '2017',
  assetId: 'c151-17',
  committee: { designation: 'C151', title: 'Ductile-Iron Pipe' },
  publisher: { code: 'AWWA', name: 'AWWA' },
  industryAreas: [{ marketingCode: 'WATER', name: 'Water', derived: false }],
  icsCodes: ['23.040.10'],
  publishedOn: '2017-06-01',
};

/** The store list every console screen reads first. */
export function withStore(api: ReturnType<typeof fakeConsoleApi>) {
  return api.on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: [AWWA] } }));
}

export const csvFile = (text: string, name = 'standards.csv') => new File([text], name, { type: 'text/csv' });
