/**
 * The assessment quiz as data: the four skills, the answer scale, the questions and the words a
 * parent reads on the results page. Scoring lives in src/features/quiz/lib.
 */

import type { PlanId } from './plans';

export type { PlanId };
export type SkillKey = 'emotions' | 'confidence' | 'focus' | 'connection';
export type Band = 'strength' | 'growing' | 'focus-area';

export interface Skill {
  key: SkillKey;
  name: string;
  /** One line for the intro page. */
  summary: string;
}

export const skills: readonly Skill[] = [
  {
    key: 'emotions',
    name: 'Emotional Regulation',
    summary: 'Noticing big feelings, naming them and coming back to calm.',
  },
  {
    key: 'confidence',
    name: 'Confidence',
    summary: 'Trying new things, sticking with hard ones and bouncing back from mistakes.',
  },
  {
    key: 'focus',
    name: 'Focus',
    summary: 'Starting tasks, staying with them and shifting between activities.',
  },
  {
    key: 'connection',
    name: 'Connection',
    summary: 'Talking things through, making friends and working things out together.',
  },
] as const;

/** The answer scale, from 0 to 4. */
export const answerScale = [
  { value: 0, label: 'Never' },
  { value: 1, label: 'Rarely' },
  { value: 2, label: 'Sometimes' },
  { value: 3, label: 'Often' },
  { value: 4, label: 'Almost always' },
] as const;

export type AnswerValue = (typeof answerScale)[number]['value'];
export const maxAnswerValue = 4;

export interface Question {
  /** Stable id: stored with each answer, never reused for a different question. */
  id: string;
  skill: SkillKey;
  /** `{child}` is replaced by the child's first name, or "your child". */
  text: string;
  /**
   * A reverse-scored item describes a difficulty: "Almost always" counts as 0 for the skill,
   * "Never" as full marks.
   */
  reverse: boolean;
}

/**
 * 16 questions, 4 per skill (2 worded as strengths, 2 as difficulties, so a parent who answers
 * everything the same way does not get an extreme result), interleaved so no skill comes twice in a row.
 */
export const questions: readonly Question[] = [
  {
    id: 'emo-calm',
    skill: 'emotions',
    text: 'When {child} gets upset, they can calm down within a few minutes.',
    reverse: false,
  },
  {
    id: 'conf-try',
    skill: 'confidence',
    text: '{child} is willing to try something new, even if they might not be good at it yet.',
    reverse: false,
  },
  {
    id: 'focus-start',
    skill: 'focus',
    text: '{child} can start homework or a chore without many reminders.',
    reverse: false,
  },
  {
    id: 'conn-share',
    skill: 'connection',
    text: '{child} tells you about their day, including the hard parts.',
    reverse: false,
  },
  {
    id: 'emo-meltdown',
    skill: 'emotions',
    text: 'Small frustrations (a lost game, a change of plan) turn into meltdowns or shouting for {child}.',
    reverse: true,
  },
  {
    id: 'conf-cant',
    skill: 'confidence',
    text: '{child} says things like "I can\'t do this" or "I\'m bad at everything".',
    reverse: true,
  },
  {
    id: 'focus-drift',
    skill: 'focus',
    text: '{child} drifts off or gets distracted partway through a task.',
    reverse: true,
  },
  {
    id: 'conn-friends',
    skill: 'connection',
    text: '{child} finds it hard to join in with other children or to keep friends.',
    reverse: true,
  },
  {
    id: 'emo-name',
    skill: 'emotions',
    text: '{child} can put feelings into words ("I\'m frustrated", "I\'m worried").',
    reverse: false,
  },
  {
    id: 'conf-persist',
    skill: 'confidence',
    text: 'When something gets hard, {child} gives up quickly or avoids it.',
    reverse: true,
  },
  {
    id: 'focus-transition',
    skill: 'focus',
    text: 'Moving from one activity to the next (screens off, time for bed) is a struggle for {child}.',
    reverse: true,
  },
  {
    id: 'conn-conflict',
    skill: 'connection',
    text: 'Disagreements with {child} end in a standoff rather than being talked through.',
    reverse: true,
  },
  {
    id: 'emo-bedtime',
    skill: 'emotions',
    text: 'Worries or big feelings make bedtime hard for {child}.',
    reverse: true,
  },
  {
    id: 'conf-mistake',
    skill: 'confidence',
    text: 'After a mistake, {child} can shrug it off and try again.',
    reverse: false,
  },
  {
    id: 'focus-follow',
    skill: 'focus',
    text: '{child} can follow a two- or three-step instruction without needing it repeated.',
    reverse: false,
  },
  {
    id: 'conn-help',
    skill: 'connection',
    text: '{child} comes to you for help or comfort when something goes wrong.',
    reverse: false,
  },
] as const;

/** Score thresholds (0-100): at or above `strength` is a strength, below `growing` a focus area. */
export const bandThresholds = { strength: 70, growing: 45 } as const;

export const bandCopy: Record<Band, { label: string; summary: string }> = {
  strength: {
    label: 'Strength',
    summary: 'This is going well. Coaching can build on it so it stays steady as life gets busier.',
  },
  growing: {
    label: 'Growing',
    summary: 'The skill is there some of the time. Practising it in small, regular steps makes it reliable.',
  },
  'focus-area': {
    label: 'Focus area',
    summary:
      'This is where family life probably feels hardest right now, and where coaching tends to help most.',
  },
};

/** What each skill's result means for a parent, per band. `{child}` as in the questions. */
export const skillResultCopy: Record<SkillKey, Record<Band, string>> = {
  emotions: {
    strength:
      '{child} usually recovers from big feelings and can often say what is going on. Keep naming feelings together; it is working.',
    growing:
      '{child} can calm down, but not every time. Coaching practises a few go-to calming tools until they come naturally, at home as well as in sessions.',
    'focus-area':
      'Big feelings are taking over often, for {child} and probably for the whole household. We start with simple, repeatable calm-down routines and help you respond in the moment.',
  },
  confidence: {
    strength:
      '{child} is willing to have a go and recovers from mistakes. Coaching can stretch this into bigger challenges.',
    growing:
      '{child} tries things but can give up when they get hard. Coaching works on "not yet" thinking and celebrating effort.',
    'focus-area':
      '{child} is often quick to say "I can\'t". We build small wins session by session so trying feels safe again.',
  },
  focus: {
    strength:
      '{child} can usually start and finish tasks. Coaching can add planning skills for bigger projects.',
    growing:
      'Starting or switching tasks is sometimes hard for {child}. Coaching practises routines, timers and breaking work into steps.',
    'focus-area':
      'Getting started, staying on track and switching activities are daily struggles. We build step-by-step routines that work for {child} and take the nagging out of homework and bedtime.',
  },
  connection: {
    strength:
      '{child} talks to you and gets along with others. Coaching keeps that channel open as they grow.',
    growing:
      '{child} connects well sometimes, but conflicts or friendships can be tricky. Coaching practises talking problems through and repairing after arguments.',
    'focus-area':
      'Talking things through is hard right now, at home or with friends. We work on listening, sharing and repair, with you included in the sessions.',
  },
};

/** Why each plan is recommended, by how many skills are focus areas. */
export const planReasons: Record<PlanId, string> = {
  'steady-growth':
    'Most skills look steady. One weekly session keeps them growing and gives {child} a coach to work through whatever comes up.',
  'focused-progress':
    'Two skills need some support. Two sessions a week give enough practice to see change in both within the first weeks.',
  'intensive-momentum':
    'Several skills need support at once. Three sessions a week build momentum quickly, with a detailed plan for the whole family.',
};

export const childAges = [7, 8, 9, 10, 11, 12] as const;
