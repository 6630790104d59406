import assert from 'node:assert/strict';
import { replyTime, teamSettingsFrom } from './team-settings.ts';

Deno.test('the settings row wins over TEAM_EMAIL', () => {
  assert.deepEqual(
    teamSettingsFrom(
      { team_notification_email: 'hello@ploom.example', reply_within_hours: 12 },
      'env@ploom.local',
    ),
    { teamEmail: 'hello@ploom.example', replyWithinHours: 12 },
  );
});

Deno.test('without a settings row TEAM_EMAIL and the 24-hour promise are used', () => {
  assert.deepEqual(teamSettingsFrom(null, 'env@ploom.local'), {
    teamEmail: 'env@ploom.local',
    replyWithinHours: 24,
  });
});

Deno.test('with neither a row nor TEAM_EMAIL there is no address, and that is an error', () => {
  assert.throws(() => teamSettingsFrom(null, undefined), /TEAM_EMAIL/);
  assert.throws(() => teamSettingsFrom(null, '  '), /TEAM_EMAIL/);
});

Deno.test('the reply promise is worded in hours', () => {
  assert.equal(replyTime(24), '24 hours');
  assert.equal(replyTime(1), '1 hour');
  assert.equal(replyTime(48), '48 hours');
});
