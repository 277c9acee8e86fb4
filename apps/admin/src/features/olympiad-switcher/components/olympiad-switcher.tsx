// Switches between the olympiads the signed-in person works in (their accounts), landing on the home of
// their role there.
import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { homeOf, isRole } from '@olympiad/shared/access/access-matrix';
import { useCurrentUser } from '@olympiad/shared/features/auth/api/get-current-user';
import { setOlympiadId, useAppState } from '@olympiad/shared/app-state/app-state';
import { useGoTo } from '@olympiad/shared/router/navigation';

export function OlympiadSwitcher({ olympiadName }: { olympiadName: string }) {
  const { olympiadId } = useAppState();
  const currentUser = useCurrentUser('admin', olympiadId);
  const goTo = useGoTo();
  const accounts = (currentUser.data?.accounts ?? []).filter(
    (account) => account.olympiadName && isRole(account.role) && account.role !== 'overlord',
  );
  const current = accounts.find((account) => account.olympiadName === olympiadName);

  useEffect(() => {
    const id = current?.olympiadId ?? currentUser.data?.user.olympiadId ?? null;
    if (id !== null) setOlympiadId(id);
  }, [current?.olympiadId, currentUser.data?.user.olympiadId]);

  if (accounts.length === 0) return null;
  return (
    <Select
      aria-label="Olympiad"
      size="sm"
      w={{ base: 150, sm: 240 }}
      allowDeselect={false}
      data={accounts.map((account) => ({
        value: String(account.id),
        label: account.olympiadTitle ?? account.olympiadName ?? '',
      }))}
      value={current ? String(current.id) : null}
      placeholder={olympiadName}
      onChange={(value) => {
        const account = accounts.find((candidate) => String(candidate.id) === value);
        if (!account || !isRole(account.role)) return;
        setOlympiadId(account.olympiadId ?? null);
        goTo(homeOf({ role: account.role, olympiadName: account.olympiadName }));
      }}
    />
  );
}
