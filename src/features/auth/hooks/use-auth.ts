import { useContext } from 'react';
import { messages } from '@/content/messages';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';

/** The signed-in user, their role and the auth actions. Only inside <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(messages.useAuthOutsideProvider);
  return value;
}
