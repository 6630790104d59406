import { AreaPage } from '@/app/components/area-shell';
import { FlagSwitches } from '@/features/flags/components/flag-switches';
import { useTeamSettings } from '@/features/settings/api/get-team-settings';
import { TeamSettingsForm } from '@/features/settings/components/team-settings-form';

export default function SettingsScreen() {
  const settings = useTeamSettings();
  return (
    <AreaPage area="Admin" title="Settings" description="Feature flags and the team's settings.">
      <section aria-labelledby="flags-heading">
        <h2 id="flags-heading" className="mb-3 font-display text-xl font-bold">
          Feature flags
        </h2>
        <FlagSwitches />
      </section>
      <section aria-labelledby="team-heading" className="mt-8">
        <h2 id="team-heading" className="mb-3 font-display text-xl font-bold">
          Team
        </h2>
        {settings.isError ? (
          <p role="alert" className="text-red-800">
            The team settings could not be loaded: {settings.error.message}
          </p>
        ) : settings.data ? (
          <TeamSettingsForm settings={settings.data} />
        ) : (
          <p role="status">Loading the team settings…</p>
        )}
      </section>
    </AreaPage>
  );
}
