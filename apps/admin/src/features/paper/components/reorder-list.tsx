// An ordered list whose items are dragged into place by their handle, or moved with the buttons beside it
// (the keyboard's and the screen reader's way). The caller saves the new order.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import classes from './reorder-list.module.css';

type ReorderListProps<T> = {
  /** Accessible name of the list, e.g. "Questions of Maps and the globe". */
  label: string;
  items: T[];
  getId: (item: T) => number;
  /** Names an item in the move buttons' labels: "Move question 3 up". */
  itemName: (item: T) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  selectedId?: number | null;
  disabled?: boolean;
  empty?: ReactNode;
};

export function ReorderList<T>({ label, items, getId, itemName, onMove, renderItem, selectedId, disabled, empty }: ReorderListProps<T>) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // The move button just pressed, to keep the keyboard's focus on it as its item moves.
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    if (refocus.current === null) return;
    list.current?.querySelector<HTMLElement>(`[data-move="${refocus.current}"]`)?.focus();
  }, [items]);

  // Buttons that cannot act stay focusable (aria-disabled), so that focus is never dropped.
  const moveButton = (index: number, id: number, name: string, direction: 'up' | 'down') => {
    const blocked = disabled || (direction === 'up' ? index === 0 : index === items.length - 1);
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Move ${name} ${direction}`}
        aria-disabled={blocked || undefined}
        data-disabled={blocked || undefined}
        data-move={`${id}-${direction}`}
        onClick={() => {
          if (blocked) return;
          refocus.current = `${id}-${direction}`;
          onMove(index, direction === 'up' ? index - 1 : index + 1);
        }}
      >
        {direction === 'up' ? '▲' : '▼'}
      </ActionIcon>
    );
  };

  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <ol className={classes.list} aria-label={label} ref={list}>
      {items.map((item, index) => {
        const id = getId(item);
        const name = itemName(item);
        return (
          <Paper
            component="li"
            key={id}
            withBorder
            p="xs"
            className={classes.item}
            data-selected={selectedId === id || undefined}
            data-dragging={dragged === index || undefined}
            data-over={over === index && dragged !== null && dragged !== index ? (dragged < index ? 'below' : 'above') : undefined}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null && dragged !== index) onMove(dragged, index);
              setDragged(null);
              setOver(null);
            }}
          >
            <Group gap="xs" wrap="nowrap" align="center">
              <div
                className={classes.handle}
                draggable={!disabled}
                aria-hidden="true"
                title="Drag to move"
                data-testid="drag-handle"
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(id));
                  setDragged(index);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
              >
                ⠿
              </div>
              {/* 2px apart: each small button keeps a 24px target of its own (WCAG 2.5.8, target size). */}
              <Stack gap={2}>
                {moveButton(index, id, name, 'up')}
                {moveButton(index, id, name, 'down')}
              </Stack>
              <div className={classes.body}>{renderItem(item, index)}</div>
            </Group>
          </Paper>
        );
      })}
    </ol>
  );
}
