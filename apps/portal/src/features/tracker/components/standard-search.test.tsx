import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRACKER_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildHit, buildRow, fakeTrackerServer, TEST_USER_ID } from '../testing/fake-tracker-server.ts';
import { renderTrackerPage } from '../testing/render-tracker-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const catalogue = [
  buildHit('D638', 'Tensile Properties of Plastics'),
  buildHit('D790', 'Flexural Properties of Plastics'),
  buildHit('E119', 'Fire Tests of Building Construction'),
];

async function searchBox() {
  return screen.findByRole('combobox', { name: 'Add a standard' });
}

describe('add a standard: catalogue search combobox (beyond the spec)', () => {
  it('searches after a pause in typing and lists the matches as options', async () => {
    const server = fakeTrackerServer({ catalogue });
    renderTrackerPage();
    const box = await searchBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(box, 'plastics');
    const listbox = await screen.findByRole('listbox', { name: 'Matching standards' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);
    // Debounced: one search for the whole word, not one per key.
    expect(server.callsTo(TRACKER_PATHS.catalogSearch).map((c) => c.query.get('q'))).toEqual(['plastics']);
    expect(screen.getByText('Matching standards found: 2.')).toBeInTheDocument();
  });

  it('is used with the keyboard: ↓/↑ move the active option, Enter adds it, the table refetches', async () => {
    const server = fakeTrackerServer({ catalogue, rows: [buildRow(1)] });
    renderTrackerPage();
    const box = await searchBox();
    await userEvent.type(box, 'plastics');
    await screen.findByRole('listbox');

    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await userEvent.keyboard('{ArrowDown}'); // wraps to the first
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowUp}'); // and back to the last
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);

    await userEvent.keyboard('{Enter}');
    expect(
      await screen.findByText('You now track D790 Flexural Properties of Plastics.'),
    ).toBeInTheDocument();
    expect(server.callsTo(TRACKER_PATHS.createTracker)[0]!.body).toEqual({
      userId: TEST_USER_ID,
      assetId: 'd790',
    });
    expect(
      await screen.findByRole('link', { name: /D790 Flexural Properties of Plastics/ }),
    ).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('after adding a standard, the same search again marks it "Already tracked" (no stale answer)', async () => {
    fakeTrackerServer({ catalogue });
    renderTrackerPage();
    const box = await searchBox();
    await userEvent.type(box, 'plastics');
    const first = await screen.findByRole('option', { name: /D790/ });
    expect(within(first).queryByText('Already tracked')).not.toBeInTheDocument();
    await userEvent.click(first);
    await screen.findByText('You now track D790 Flexural Properties of Plastics.');

    await userEvent.type(box, 'plastics');
    const again = await screen.findByRole('option', { name: /D790/ });
    expect(within(again).getByText('Already tracked')).toBeInTheDocument();
  });

  it('Escape closes the list, a second Escape clears the field', async () => {
    fakeTrackerServer({ catalogue });
    renderTrackerPage();
    const box = await searchBox();
    await userEvent.type(box, 'fire');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('fire');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('says when it is searching and when nothing matches', async () => {
    const server = fakeTrackerServer({ catalogue });
    renderTrackerPage();
    const box = await searchBox();
    const release = server.hold();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('Searching the catalogue…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No standards match “zzz”.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the standards the user already tracks; choosing one says so and adds no second row', async () => {
    const row = buildRow(1, {
      content: {
        contentTitle: 'Tensile Properties of Plastics',
        contentCode: 'PUB1-D638',
        displayDesignation: 'D638',
        assetId: 'd638',
      },
    });
    const server = fakeTrackerServer({ catalogue, rows: [row] });
    renderTrackerPage();
    const box = await searchBox();
    await userEvent.type(box, 'plastics');
    const tracked = await screen.findByRole('option', { name: /D638/ });
    expect(within(tracked).getByText('Already tracked')).toBeInTheDocument();
    const untracked = screen.getByRole('option', { name: /D790/ });
    expect(within(untracked).queryByText('Already tracked')).not.toBeInTheDocument();

    await userEvent.click(tracked);
    expect(
      await screen.findByText('You already track D638 Tensile Properties of Plastics.'),
    ).toBeInTheDocument();
    expect(server.callsTo(TRACKER_PATHS.createTracker)).toHaveLength(0);
    await waitFor(() => expect(server.state.rows).toHaveLength(1));
  });
});
