import { supabaseDirectory } from './directory.ts';
import { createHandler } from './handler.ts';

Deno.serve(createHandler({ directory: supabaseDirectory, siteUrl: Deno.env.get('SITE_URL') }));
