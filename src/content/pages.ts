import { site } from '@/config/site';
import { planCancelNote } from './plans';

/**
 * Copy of the content pages (/about, /programs, /faq, /contact) as data. Facts come from
 * `site` and `plans` so a change of promise is made in one place.
 */

export const aboutPage = {
  title: 'About Ploom',
  intro: `We help children aged ${site.ages} build the everyday skills that make family life calmer: handling big feelings, believing in themselves, focusing, and feeling close to the people around them.`,
  mission:
    'Every child deserves a steady adult in their corner who teaches, not just tells. Our mission is to give families that support early, before small struggles become big ones, in a format that fits a busy school week.',
  values: [
    {
      title: 'Parents are partners',
      text: 'You know your child best. Parents join every session and get a short update each week, so what your child learns with us is practised at home.',
    },
    {
      title: 'Small steps, every week',
      text: `Change comes from practice, not pep talks. Each ${site.sessionMinutes}-minute session teaches one skill and sends home one simple tool to try.`,
    },
    {
      title: 'Warm, skilled and honest',
      text: 'Our coaches are trained, background-checked and supervised. When a child needs more than coaching, we say so and help you find the right professional.',
    },
    {
      title: 'Private by default',
      text: 'We collect only what coaching needs, never sell data and never show ads to children. Read our privacy policy for the details.',
    },
  ],
  beta: `We are in beta: we are welcoming our first ${site.betaFamilies} families, and every one of them helps shape the program.`,
} as const;

export interface ProgramSkill {
  key: 'emotions' | 'confidence' | 'focus' | 'connection';
  name: string;
  lead: string;
  looksLike: readonly string[];
}

export const programSkills: readonly ProgramSkill[] = [
  {
    key: 'emotions',
    name: 'Emotional Regulation',
    lead: 'Noticing big feelings early, naming them and having a plan to come back to calm.',
    looksLike: [
      'A personal calm-down plan your child helped design',
      'Words for feelings beyond "fine" and "mad"',
      'Shorter meltdowns and quicker repair afterwards',
    ],
  },
  {
    key: 'confidence',
    name: 'Confidence',
    lead: 'Trying new and hard things, speaking up and treating mistakes as part of learning.',
    looksLike: [
      '"Not yet" thinking instead of "I can\'t"',
      'Small brave steps chosen by your child',
      'Pride in effort, not only results',
    ],
  },
  {
    key: 'focus',
    name: 'Focus',
    lead: 'Starting tasks, staying with them and moving between activities with less friction.',
    looksLike: [
      'Homework and morning routines broken into clear steps',
      'Timers, checklists and movement breaks that suit your child',
      'Smoother transitions away from screens',
    ],
  },
  {
    key: 'connection',
    name: 'Connection',
    lead: 'Listening, sharing, making friends and working through disagreements.',
    looksLike: [
      'Conversation starters that get more than one-word answers',
      'Practice joining games and handling left-out moments',
      'A family repair routine after arguments',
    ],
  },
];

export const programFacts = [
  { label: 'Ages', value: site.ages },
  { label: 'Session length', value: `${site.sessionMinutes} minutes` },
  { label: 'Format', value: '1:1 video' },
  { label: 'Reply within', value: `${site.replyWithinHours} hours` },
] as const;

export const programIncludes = [
  {
    title: 'A dedicated coach',
    text: 'The same coach every week, matched to your child’s needs, personality and schedule.',
  },
  {
    title: 'Weekly 1:1 video sessions',
    text: `${site.sessionMinutes} minutes, short enough for a school night. Games, stories and role-play keep it active.`,
  },
  {
    title: 'Parents included',
    text: 'You join for the last few minutes of each session to hear what was practised and how to cheer it on.',
  },
  {
    title: 'At-home tools',
    text: 'A printable or on-screen tool each week, such as a calm-down card, a routine chart or a family conversation game.',
  },
  {
    title: 'Weekly parent updates',
    text: 'A short note after each week: what your child worked on, what went well, and one thing to try at home.',
  },
  {
    title: 'Flexible plans',
    text: planCancelNote,
  },
] as const;

export const programJourney = [
  {
    title: 'Free assessment (optional)',
    text: `A ${site.assessmentMinutes}-minute quiz gives you a snapshot of the four skills and a suggested plan.`,
  },
  {
    title: `Free ${site.introCallMinutes}-minute intro call`,
    text: `We reply within ${site.replyWithinHours} hours to book a short call with no pressure: we listen, answer questions and check Ploom is a good fit.`,
  },
  {
    title: 'Matching and first session',
    text: 'We match your family with a coach. Most families start within a week of the intro call.',
  },
  {
    title: 'Weekly rhythm',
    text: 'Sessions, an at-home tool and a parent update each week. We review goals together every month.',
  },
] as const;

export const notAFit = {
  title: 'When to see a clinician instead',
  intro:
    'Ploom is developmental education, not therapy, tutoring or medical treatment. Coaching is not the right first step, and we will point you to professional help, if your child:',
  items: [
    'talks about hurting themselves or others, or you are worried about their safety (call 911 or 988 in the US, or your local emergency number, right away)',
    'has symptoms of anxiety, depression, an eating difficulty or trauma that affect daily life',
    'may have ADHD, autism, a learning difference or another condition that needs assessment',
    'has sudden changes in sleep, appetite, mood or behaviour without a clear reason',
  ],
  outro:
    'Coaching can work alongside a therapist or pediatrician once your child has the care they need, and we are happy to coordinate with them with your permission.',
} as const;

export interface FaqEntry {
  question: string;
  answer: string;
}
export interface FaqGroup {
  id: string;
  title: string;
  items: readonly FaqEntry[];
}

export const faqGroups: readonly FaqGroup[] = [
  {
    id: 'about-coaching',
    title: 'About coaching',
    items: [
      {
        question: 'Who is Ploom for?',
        answer: `Children aged ${site.ages} and their parents. Families come to us for big feelings, low confidence, trouble focusing or friendship struggles: everyday challenges that many children face.`,
      },
      {
        question: 'Is Ploom therapy?',
        answer: `No. ${site.disclaimer} Our coaches teach skills; they do not diagnose or treat conditions. If your child needs clinical care, we will tell you and help you find it.`,
      },
      {
        question: 'Who are the coaches?',
        answer:
          'Coaches have backgrounds in education, youth work or counselling. Every coach is interviewed, background-checked, trained in our approach and supervised by our Head of Coaching.',
      },
      {
        question: 'What skills do you work on?',
        answer:
          'Four skills: Emotional Regulation, Confidence, Focus and Connection. Most children work on one or two at a time, chosen with you.',
      },
    ],
  },
  {
    id: 'sessions',
    title: 'Sessions',
    items: [
      {
        question: 'What happens in a session?',
        answer: `Each session is ${site.sessionMinutes} minutes over video with your child's dedicated coach: a check-in, one skill learned and practised through play, and a few minutes with you at the end.`,
      },
      {
        question: 'Do parents have to join?',
        answer:
          'Yes, for the last few minutes of each session. Skills stick when they are practised at home, so you hear what your child worked on and how to support it.',
      },
      {
        question: 'What do we need for video sessions?',
        answer:
          'A computer or tablet with a camera and microphone, a reasonably quiet space and a stable internet connection. No downloads: sessions run in the browser.',
      },
      {
        question: 'What if we miss a session?',
        answer:
          'Let your coach know at least 24 hours ahead and we will reschedule within the same week where we can.',
      },
    ],
  },
  {
    id: 'getting-started',
    title: 'Getting started',
    items: [
      {
        question: 'How do we start?',
        answer: `Request a free ${site.introCallMinutes}-minute intro call. We reply within ${site.replyWithinHours} hours, and families typically start within a week of the call.`,
      },
      {
        question: 'What is the free assessment?',
        answer: `A ${site.assessmentMinutes}-minute quiz about everyday moments. It shows your child's strengths and focus areas and suggests a plan. It is not a diagnosis.`,
      },
      {
        question: 'What does "beta" mean?',
        answer: `We are welcoming our first ${site.betaFamilies} families. You get the full program, and we ask for your feedback along the way so we can keep improving it.`,
      },
    ],
  },
  {
    id: 'plans-billing',
    title: 'Plans and billing',
    items: [
      {
        question: 'How much does it cost?',
        answer:
          'Plans are monthly and depend on how many sessions a week your child has. See the pricing page for the current plans.',
      },
      {
        question: 'Can we cancel or pause?',
        answer: `${planCancelNote} There are no long contracts and no cancellation fees.`,
      },
      {
        question: 'Can we change plans?',
        answer:
          'Yes. You can move up or down a plan from the next month, for example after a busy season settles.',
      },
    ],
  },
  {
    id: 'privacy-safety',
    title: 'Privacy and safety',
    items: [
      {
        question: 'Are sessions recorded?',
        answer: 'No. Sessions are not recorded. Coaches keep short written notes to plan the next session.',
      },
      {
        question: "What do you do with my child's information?",
        answer:
          'We use it only to coach your child and keep you updated. We never sell it, never use it for advertising and delete it when you ask. Our privacy policy explains everything.',
      },
      {
        question: 'What if a coach is worried about my child’s safety?',
        answer:
          'Coaches follow a safeguarding procedure: they talk to you promptly, and where the law requires it, they contact the appropriate authorities.',
      },
    ],
  },
];

export type ContactTopic =
  'general' | 'program' | 'enrollment' | 'billing' | 'privacy' | 'partnership' | 'other';

/** The /contact form's topics; the values match the database's check constraint. */
export const contactTopics: readonly { value: ContactTopic; label: string }[] = [
  { value: 'general', label: 'A general question' },
  { value: 'program', label: 'The coaching program' },
  { value: 'enrollment', label: 'Enrolling or the waitlist' },
  { value: 'billing', label: 'Plans and billing' },
  { value: 'privacy', label: 'Privacy or my data' },
  { value: 'partnership', label: 'Schools and partnerships' },
  { value: 'other', label: 'Something else' },
];

export const contactPage = {
  title: 'Contact us',
  intro: `Questions about coaching, your child or your account? Send us a message and a real person will reply within ${site.replyWithinHours} hours.`,
  urgent:
    'Ploom is not an emergency or crisis service. If your child is in danger, call 911 (or your local emergency number). In the US you can call or text 988 for the Suicide & Crisis Lifeline.',
} as const;
