/**
 * CORS for browser calls: supabase-js sends authorization, apikey, content-type and x-client-info;
 * a beacon sends none of them. Every response carries these headers, errors included, so the
 * browser shows the real status instead of a CORS failure.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** The answer to a CORS preflight. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
