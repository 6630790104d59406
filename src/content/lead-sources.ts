/**
 * Where a lead came from and the name the team reads for it: the one catalogue the team's emails
 * use too (supabase/functions/_shared/lead-sources.ts), so the admin and the inbox agree.
 */
export {
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  leadSourceLabel,
  type LeadSource,
} from '../../supabase/functions/_shared/lead-sources.ts';
