import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STANDARD_HISTORY_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withModalDialogs } from '../../../testing/modal-dialog.ts';
import { buildRow, fakeTrackerServer } from '../testing/fake-tracker-server.ts';
import { renderTrackerPage } from '../testing/render-tracker-page.tsx';

withModalDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const edition = {
  kind: 'new_edition' as const,
  occurredAt: '2026-05-01T09:00:00Z',
  designation: 'S1-26',
  oldDesignation: 'S1-24',
  edition: '2026',
  status: 'active',
  oldStatus: null,
  date: '2026-05-01',
  summary: 'Clause 7 rewritten.',
  compareUrl: 'https://example.org/s1/redline',
  note: null,
};
const withdrawal = {
  ...edition,
  kind: 'withdrawal' as const,
  occurredAt: '2026-09-01T09:00:00Z',
  oldDesignation: null,
  status: 'withdrawn',
  oldStatus: 'active',
  summary: null,
  compareUrl: null,
  note: 'Replaced.',
  successor: { from: 'S1-26', to: 'S9-26' },
};

describe("a tracked standard's edition history", { timeout: 20_000 }, () => {
  it('opens from the table: newest first, old → new, the summary, the comparison link; Close returns', async () => {
    fakeTrackerServer({ rows: [buildRow(1), buildRow(2)], histories: { s1: [withdrawal, edition] } });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Edition history of S1 Standard number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edition history: S1 Standard number 1' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries.map((e) => within(e).getByRole('heading').textContent)).toEqual([
      expect.stringMatching(/^Withdrawal Sep 1, 2026$/),
      expect.stringMatching(/^New edition May 1, 2026$/),
    ]);
    expect(entries[0]).toHaveTextContent('StatusActive → Withdrawn');
    expect(entries[0]).toHaveTextContent('Replaced.');
    expect(entries[0]).toHaveTextContent('ReplacementS1-26 → S9-26');
    expect(entries[1]).not.toHaveTextContent('Replacement');
    expect(entries[1]).toHaveTextContent('DesignationS1-24 → S1-26');
    expect(within(entries[1]!).getByText('Clause 7 rewritten.')).toBeInTheDocument();
    expect(
      within(entries[1]!).getByRole('link', { name: /Compare with the previous version/ }),
    ).toHaveAttribute('href', 'https://example.org/s1/redline');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing was recorded yet, and when the history cannot be loaded (Try again recovers)', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(2), buildRow(3)], histories: { s3: [edition] } });
    const user = userEvent.setup();
    renderTrackerPage();
    await user.click(await screen.findByRole('button', { name: 'Edition history of S2 Standard number 2' }));
    expect(await screen.findByText('No change has been recorded for this standard yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    server.fail(STANDARD_HISTORY_PATH);
    await user.click(screen.getByRole('button', { name: 'Edition history of S3 Standard number 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edition history: S3 Standard number 3' });
    expect(await within(dialog).findByText('The history could not be loaded.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Clause 7 rewritten.')).toBeInTheDocument();
  });
});
