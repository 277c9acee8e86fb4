// The grid with a fetch function that behaves like a server: loading state, paging, sorting, search,
// filters, bulk actions and export of every filtered row.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { DataGrid } from './data-grid';
import { pageRows, selectRows } from './local-paging';
import type { GridColumn, GridParams, GridSelection } from './grid-types';
import { ConfirmProvider } from '../confirm/confirm-dialog';

type Learner = { id: number; name: string; grade: number };

const learners: Learner[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  name: `Learner ${String(index + 1).padStart(2, '0')}`,
  grade: 8 + (index % 5),
}));

const columns: GridColumn<Learner>[] = [
  { id: 'name', header: 'Name', value: (l) => l.name, filter: { type: 'text' } },
  {
    id: 'grade',
    header: 'Grade',
    value: (l) => l.grade,
    filter: { type: 'select', options: [8, 9, 10, 11, 12].map((g) => ({ value: String(g), label: `Grade ${g}` })) },
  },
];

function setup(overrides: { run?: (rows: Learner[]) => void } = {}) {
  const fetchRows = vi.fn(async (params: GridParams) => pageRows(learners, params, columns));
  const fetchAll = vi.fn(async (selection: GridSelection) => selectRows(learners, selection, columns));
  const run = vi.fn(overrides.run ?? (() => {}));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <ConfirmProvider>
          <DataGrid<Learner>
            label="Learners"
            queryKey={['learners']}
            columns={columns}
            fetchRows={fetchRows}
            fetchAll={fetchAll}
            getRowId={(l) => String(l.id)}
            exportName="learners"
            pageSizes={[10, 25]}
            defaultPageSize={10}
            bulkActions={[{ label: 'Reset attempts', run, confirm: (rows) => ({ title: 'Reset?', message: `Reset ${rows.length}?` }) }]}
          />
        </ConfirmProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { fetchRows, fetchAll, run };
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Learners' })).getAllByRole('row').slice(2); // header + filters

describe('DataGrid', () => {
  it('shows a loading state until the first page arrives, then the rows and the count', async () => {
    setup();
    expect(screen.getAllByTestId('grid-loading-row').length).toBeGreaterThan(0);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Learner 01')).toBeInTheDocument();
    expect(screen.queryByTestId('grid-loading-row')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 30')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
  });

  it('asks for the next page and for a sort order', async () => {
    const user = userEvent.setup();
    const { fetchRows } = setup();
    await screen.findByText('Learner 01');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Learner 11')).toBeInTheDocument();
    expect(fetchRows).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 10 }));

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(fetchRows).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: [{ id: 'name', desc: false }] })));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(fetchRows).toHaveBeenLastCalledWith(expect.objectContaining({ sort: [{ id: 'name', desc: true }] })));
    expect(await screen.findByText('Learner 30')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('searches and filters on the server’s side, back on the first page', async () => {
    const user = userEvent.setup();
    const { fetchRows } = setup();
    await screen.findByText('Learner 01');
    await user.type(screen.getByRole('textbox', { name: 'Search Learners' }), 'Learner 2');
    await waitFor(() => expect(fetchRows).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Learner 2', page: 1 })));
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), '5');
    await waitFor(() => expect(fetchRows).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { name: '5' } })));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Learner 25');
  });

  it('runs a bulk action on the selected rows after confirmation', async () => {
    const user = userEvent.setup();
    const { run } = setup();
    await screen.findByText('Learner 01');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset attempts' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]![0].map((l: Learner) => l.id)).toEqual([1, 3]);
  });

  it('exports every filtered row, not only the page shown', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:learners');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetchAll } = setup();
    await screen.findByText('Learner 01');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchAll).toHaveBeenCalledWith({ sort: [], filters: {}, search: '' });
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text.trim().split('\r\n')).toHaveLength(31);
    vi.unstubAllGlobals();
  });
});
