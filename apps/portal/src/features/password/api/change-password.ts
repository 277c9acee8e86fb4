// PUT /api/auth/set-password with the current password: the signed-in teacher's own password changed
// (the server ends their other sessions; this one goes on with the fresh token it answers).
import { setPassword } from '@olympiad/shared/features/auth/api/password';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export function useChangePassword() {
  return useApiMutation({
    mutationFn: ({ currentPassword, password }: { currentPassword: string; password: string }) => setPassword(password, { currentPassword }),
    success: 'Your password is changed.',
  });
}
