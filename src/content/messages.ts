/**
 * Every message the spec names, word for word, in one catalogue.
 */
export const messages = {
  loginFailed: { title: 'Login failed', variant: 'destructive' },
  signupFailed: { title: 'Signup failed', variant: 'destructive' },
  newsletterDuplicate: { title: 'Already subscribed!', description: 'This email is already on our list.' },
  newsletterError: {
    title: 'Something went wrong',
    description: 'Please try again.',
    variant: 'destructive',
  },
  newsletterSuccess: {
    title: 'Welcome to the community! 🌱',
    description: 'Check your inbox for a welcome email.',
  },
  waitlistError: {
    title: 'Something went wrong',
    description: 'Please try again or contact us directly.',
    variant: 'destructive',
  },
  fitCallSuccess: {
    title: 'Request Received!',
    description: "We'll reach out within 24 hours to schedule your free Intro Call.",
  },
  v2Success: {
    title: 'Thank you!',
    description: "Check your email for confirmation. We'll contact you within 24 hours.",
  },
  notFound: 'Oops! Page not found',
  loading: 'Loading...',
  submitting: 'Submitting...',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
} as const;
