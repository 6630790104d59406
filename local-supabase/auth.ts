/** The local Auth service's entry point (the service itself lives in ./auth/). */
export { createAuth, type AuthOptions } from './auth/index.ts';
