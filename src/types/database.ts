/* generated from the migrations; see scripts/gen-types */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replaced by the generated types
export type Database = any;
