import { skills, type SkillKey } from '@/content/quiz';

/** One check-in as the charts read it: when, and the four skills' scores (0-100). */
export interface CheckInPoint {
  id: string;
  takenAt: number;
  scores: Record<SkillKey, number>;
}

/** A skill across the check-ins, oldest first. */
export interface SkillTrend {
  key: SkillKey;
  name: string;
  points: { takenAt: number; score: number }[];
  first: number;
  latest: number;
  /** latest minus first */
  change: number;
  /** the sentence a parent reads, e.g. "Emotional Regulation: 44 → 69 since October" */
  words: string;
}

const byTime = (a: CheckInPoint, b: CheckInPoint) => a.takenAt - b.takenAt;

function monthName(at: number, timeZone: string | undefined, withYear: boolean): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone,
  }).format(new Date(at));
}

function yearOf(at: number, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(new Date(at));
}

/** "October" when the first check-in is of the latest one's year, else "October 2025". */
export function sinceWhen(first: number, latest: number, timeZone?: string): string {
  return monthName(first, timeZone, yearOf(first, timeZone) !== yearOf(latest, timeZone));
}

/** A date as the tables show it: "October 3, 2026". */
export function formatCheckInDate(at: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date(at));
}

/**
 * Each skill's scores over the check-ins (oldest first), its first and latest, and the words:
 * "Focus: 38 → 56 since October", "Confidence: steady at 62 since October", or for a single
 * check-in "Connection: 50 at the first check-in". Nothing for no check-ins.
 */
export function skillTrends(checkIns: readonly CheckInPoint[], timeZone?: string): SkillTrend[] {
  if (checkIns.length === 0) return [];
  const ordered = [...checkIns].sort(byTime);
  const firstAt = ordered[0]!.takenAt;
  const latestAt = ordered[ordered.length - 1]!.takenAt;
  const since = sinceWhen(firstAt, latestAt, timeZone);
  return skills.map(({ key, name }) => {
    const points = ordered.map((c) => ({ takenAt: c.takenAt, score: c.scores[key] }));
    const first = points[0]!.score;
    const latest = points[points.length - 1]!.score;
    let words: string;
    if (ordered.length === 1) words = `${name}: ${first} at the first check-in`;
    else if (first === latest) words = `${name}: steady at ${latest} since ${since}`;
    else words = `${name}: ${first} → ${latest} since ${since}`;
    return { key, name, points, first, latest, change: latest - first, words };
  });
}

/** Where a chart draws its points: x across the check-ins (evenly, oldest left), y from 0 to 100. */
export interface ChartFrame {
  width: number;
  height: number;
  /** room left for the axis labels (left) and the point labels (top, right, bottom) */
  padding: { top: number; right: number; bottom: number; left: number };
}

export function plotPoints(scores: readonly number[], frame: ChartFrame): { x: number; y: number }[] {
  const { width, height, padding } = frame;
  const innerWidth = width - padding.left - padding.right;
  const innerHeight = height - padding.top - padding.bottom;
  return scores.map((score, index) => ({
    x: padding.left + (scores.length === 1 ? innerWidth / 2 : (innerWidth * index) / (scores.length - 1)),
    y: padding.top + innerHeight * (1 - Math.min(Math.max(score, 0), 100) / 100),
  }));
}
