/** SPEC §3 Testimonial: quote, author, rating (5). Four parent quotes. */
export interface Testimonial {
  quote: string;
  author: string;
  detail: string;
  rating: 5;
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Bedtime used to end in tears, mostly mine. Six weeks in, Maya names her big feelings before they boil over, and we have our evenings back.',
    author: 'Jessica T.',
    detail: 'Mom of Maya, 8',
    rating: 5,
  },
  {
    quote:
      'Our coach noticed things about Ethan in two sessions that took us years to see. The weekly updates tell me exactly what to practise at home.',
    author: 'David R.',
    detail: 'Dad of Ethan, 10',
    rating: 5,
  },
  {
    quote:
      'Homework is no longer a battle. Sophie uses her “reset plan” on her own now, and she is proud of it. So am I.',
    author: 'Amanda K.',
    detail: 'Mom of Sophie, 9',
    rating: 5,
  },
  {
    quote:
      'I expected help for my son. I did not expect to learn so much myself. Being in the sessions changed how our whole family talks.',
    author: 'Marcus L.',
    detail: 'Dad of Jaden, 11',
    rating: 5,
  },
];

/** SPEC §9: the carousel moves every 5000 ms. */
export const testimonialIntervalMs = 5000;
