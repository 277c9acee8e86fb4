// The ordered list's keyboard path: the move buttons move the item, keep focus on the button pressed as
// its item moves, and never drop focus by disabling themselves at the ends.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { moveItem } from '../reorder';
import { ReorderList } from './reorder-list';

function Modules() {
  const [items, setItems] = useState([
    { id: 1, title: 'Maps' },
    { id: 2, title: 'Rivers' },
    { id: 3, title: 'Climate' },
  ]);
  return (
    <MantineProvider env="test">
      <ReorderList
        label="Question modules"
        items={items}
        getId={(item) => item.id}
        itemName={(item) => item.title}
        onMove={(from, to) => setItems((current) => moveItem(current, from, to))}
        renderItem={(item) => <span>{item.title}</span>}
      />
    </MantineProvider>
  );
}

const order = () =>
  within(screen.getByRole('list', { name: 'Question modules' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/[▲▼⠿]/g, ''));

describe('ReorderList', () => {
  it('moves with the buttons and keeps the focus on the one pressed', async () => {
    render(<Modules />);
    const up = screen.getByRole('button', { name: 'Move Climate up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['Maps', 'Climate', 'Rivers']);
    expect(screen.getByRole('button', { name: 'Move Climate up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['Climate', 'Maps', 'Rivers']);
    const top = screen.getByRole('button', { name: 'Move Climate up' });
    expect(top).toHaveFocus();
    expect(top).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['Climate', 'Maps', 'Rivers']);
  });
});
