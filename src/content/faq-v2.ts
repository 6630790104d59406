import { planCancelNote } from './plans';

/** The FAQ accordion on /coaching-v2. */
export interface FaqItem {
  question: string;
  answer: string;
}

export const faqV2: readonly FaqItem[] = [
  {
    question: 'Who is Ploom coaching for?',
    answer:
      'Children aged 7-12 and their parents. Families come to us for big feelings, low confidence, trouble focusing or friendship struggles: everyday challenges, not diagnoses.',
  },
  {
    question: 'What happens in a session?',
    answer:
      'Each session is 30 minutes over video with your child’s dedicated coach. Your child learns and practises one skill through play, and you join to hear what to cheer on at home.',
  },
  {
    question: 'Is this therapy?',
    answer:
      'No. Ploom is developmental education, not therapy, tutoring or medical treatment. If your child needs clinical care, we will tell you and help you find it.',
  },
  {
    question: 'How soon can we start?',
    answer:
      'We reply within 24 hours and book a free 15-minute intro call. Most families start sessions within a week of that call.',
  },
  {
    question: 'Can we cancel or pause?',
    answer: `Yes. ${planCancelNote} There are no long contracts or sign-up fees.`,
  },
  {
    question: 'Do parents really take part?',
    answer:
      'Yes: you join every session for the last few minutes and get a weekly update with at-home tools. Lasting change happens at home, and you are the most important coach your child has.',
  },
];
