// An ordered list whose items are dragged into place by their handle, or moved with the buttons beside it
// (the keyboard's and the screen reader's way). The caller saves the new order.
import { useState, type ReactNode } from 'react';
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

  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack component="ol" gap={6} className={classes.list} aria-label={label}>
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
              <Stack gap={0}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Move ${name} up`}
                  disabled={disabled || index === 0}
                  onClick={() => onMove(index, index - 1)}
                >
                  ▲
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Move ${name} down`}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => onMove(index, index + 1)}
                >
                  ▼
                </ActionIcon>
              </Stack>
              <div className={classes.body}>{renderItem(item, index)}</div>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
