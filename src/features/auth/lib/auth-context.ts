import { createContext } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import type { AppRole } from './roles';

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface AuthContextValue {
  user: User | null;
  session: Session | null;
  role: AppRole | null;
  /** True until the first session check has finished. */
  loading: boolean;
  /** True while the signed-in user's role is being read. */
  roleLoading: boolean;
  isAdmin: boolean;
  isCoach: boolean;
  isAdminOrCoach: boolean;
  /** Password sign-in; throws the auth error (its message is the server's). */
  signIn(email: string, password: string): Promise<void>;
  /**
   * A child's sign-in with the username their parent gave them (through the child-sign-in
   * function); throws its refusal (a FunctionError: its message and code).
   */
  signInChild(username: string, secret: string): Promise<void>;
  /** Creates the account; resolves whether the email must be confirmed before signing in. */
  signUp(input: SignUpInput): Promise<{ needsEmailConfirmation: boolean }>;
  /** Writes the logout record, then ends the session. */
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);
