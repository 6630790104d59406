/** The product's identity, defined once. */
export const site = {
  name: 'Ploom',
  tagline: 'Building confidence, focus, and connection for families.',
  description:
    'Weekly 30-minute 1:1 video coaching for children aged 7-12, with parents included, plus at-home tools and weekly parent updates.',
  disclaimer: 'Ploom provides developmental education. It is not therapy, tutoring or medical treatment.',
  contactEmail: 'hello@ploom.family',
  replyWithinHours: 24,
  betaFamilies: 25,
  ages: '7-12',
  sessionMinutes: 30,
  assessmentMinutes: 5,
  introCallMinutes: 15,
} as const;
