import { describe, expect, it } from 'vitest';
import { meetingRuleSchema } from '../api/update-meeting-rule';

const valid = {
  lengthMinutes: '20',
  bufferMinutes: '10',
  minimumNoticeHours: '2',
  bookingWindowDays: '42',
  dailyMaximum: '8',
  slotStepMinutes: '20',
};

describe('meeting rule form', () => {
  it('reads the form’s text as the table’s numbers, an empty daily maximum as no limit', () => {
    expect(meetingRuleSchema.parse(valid)).toEqual({
      lengthMinutes: 20,
      bufferMinutes: 10,
      minimumNoticeHours: 2,
      bookingWindowDays: 42,
      dailyMaximum: 8,
      slotStepMinutes: 20,
    });
    expect(meetingRuleSchema.parse({ ...valid, dailyMaximum: '', minimumNoticeHours: '1.5' })).toMatchObject({
      dailyMaximum: null,
      minimumNoticeHours: 1.5,
    });
  });

  it('refuses what meeting_rules would refuse, in words', () => {
    const problems = (values: Record<string, string>) =>
      meetingRuleSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message);
    expect(problems({ lengthMinutes: '5' })).toEqual(['At least 10.']);
    expect(problems({ bufferMinutes: '121' })).toEqual(['At most 120.']);
    expect(problems({ bookingWindowDays: '0' })).toEqual(['At least 1.']);
    expect(problems({ dailyMaximum: '49' })).toEqual(['At most 48.']);
    expect(problems({ slotStepMinutes: '7.5' })).toEqual(['Please enter a whole number.']);
    expect(problems({ minimumNoticeHours: '0.001' })).toEqual(['Please enter whole minutes.']);
  });
});
