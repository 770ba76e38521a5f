import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { type ListQuery, ListState } from './list-state.tsx';

const labels = { loading: 'Loading endpoints…', retry: 'Try again' };

function renderList(query: ListQuery<string>) {
  return renderWithI18n(
    <ListState query={query} empty="No endpoints yet." emptyClassName="tw-test__empty" labels={labels}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListState>,
  );
}

describe('ListState', () => {
  it('says it is loading while the query loads', async () => {
    renderList({ isLoading: true, refetch: vi.fn() });
    expect(await screen.findByText('Loading endpoints…')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows why the load failed, and its retry asks again', async () => {
    const refetch = vi.fn();
    renderList({ isLoading: false, error: { status: 'FETCH_ERROR', error: 'offline' }, refetch });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/connect/i);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says the empty sentence for no items, and draws the items otherwise', async () => {
    const { unmount } = renderList({ isLoading: false, data: [], refetch: vi.fn() });
    expect(await screen.findByText('No endpoints yet.')).toHaveClass('tw-test__empty');
    unmount();
    renderList({ isLoading: false, data: ['first', 'second'], refetch: vi.fn() });
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['first', 'second']);
  });
});
