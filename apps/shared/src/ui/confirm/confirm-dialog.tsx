// Confirmation dialogs: `const confirm = useConfirm(); if (await confirm({...})) …`.
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, getDefaultZIndex } from '@mantine/core';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
};

type Pending = ConfirmOptions & { resolve: (confirmed: boolean) => void };

const ConfirmContext = createContext<((options: ConfirmOptions) => Promise<boolean>) | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        const next = { ...options, resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const close = (confirmed: boolean) => {
    pendingRef.current?.resolve(confirmed);
    pendingRef.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* Above any dialog that asks for a confirmation: this one is mounted first, so at the same level it
          would open beneath it, its focused button hidden (WCAG 2.4.11, focus not obscured). */}
      <Modal opened={pending !== null} onClose={() => close(false)} title={pending?.title} centered zIndex={getDefaultZIndex('modal') + 1}>
        {pending && (
          <>
            {typeof pending.message === 'string' ? <Text>{pending.message}</Text> : pending.message}
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={() => close(false)}>
                {pending.cancelLabel ?? 'Cancel'}
              </Button>
              <Button color={pending.danger ? 'red' : undefined} onClick={() => close(true)} data-autofocus>
                {pending.confirmLabel ?? 'Confirm'}
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a KitProvider above it');
  return confirm;
}
