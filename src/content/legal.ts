import { site } from '@/config/site';
import { planCancelNote } from './plans';

/** The privacy policy and terms of service, as sections the legal pages render. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
  /** A paragraph after the list. */
  after?: string;
}

export interface LegalDocument {
  title: string;
  updated: string;
  summary: string;
  sections: readonly LegalSection[];
}

const email = site.contactEmail;

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'November 23, 2026',
  summary: `${site.name} works with children, so we hold ourselves to a high standard: we collect only what coaching needs, a parent decides what we hold about their child, we never sell personal information, and you can download or delete everything from your account at any time.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      paragraphs: [
        `${site.name} provides 1:1 video coaching for children aged ${site.ages} and their parents. This policy explains what personal information we collect through our website, assessment, forms, accounts and coaching sessions, why, and the choices you have. If you have a question, email ${email}.`,
      ],
    },
    {
      id: 'from-parents',
      heading: 'What we collect from parents',
      list: [
        'Contact details you give us in our forms: your name, email address and phone number.',
        'What you tell us about your family when you request an intro call or join the waitlist, such as your child’s first name, age and the area you would like help with.',
        'Assessment answers, if you complete the free assessment. They are saved without your name or email unless you tick “Email me my results”.',
        'Messages you send us through the contact form or by email.',
        'Account information if you create an account: your name, email, an optional contact phone, a securely hashed password, your sign-in times and which emails you want from us.',
        'Your parental consent for each child: who gave it, when, how, and which version of this policy and our terms it covered.',
        'Billing details needed to charge for a plan. Card numbers are handled by our payment provider and never stored on our servers.',
      ],
    },
    {
      id: 'about-children',
      heading: 'What we collect about children',
      paragraphs: [
        'We collect information about a child only from, or with the consent of, their parent or legal guardian: the child’s first name and age (never a surname), the focus areas and goals you set with us, their sessions and whether they attended, the coach’s weekly updates to you, the coach’s private session notes, points earned and the rewards your family chooses.',
        'Children do not create accounts themselves. A parent may give a child a login from the account page: a username and a password or PIN that the parent sets. A child has no email address with us. A child’s area shows only their first name, their next session, their points and at-home tools; session notes are never shown to a child.',
        'We do not ask children for contact details, photos or location, and there is no public profile or chat with other children. The leaderboard shows a child’s first name and points only if their parent turns it on, and only to other families enrolled with a coach.',
        'Sessions are not recorded. Video and audio pass between the participants’ browsers for the session and are not stored.',
      ],
    },
    {
      id: 'parental-consent',
      heading: 'Parental consent (COPPA)',
      paragraphs: [
        'We follow the principles of the US Children’s Online Privacy Protection Act (COPPA) and similar laws. Before a child takes part in coaching, a parent or guardian must create the family account, agree to this policy and give consent for us to collect and use the child’s information as described here.',
        'We record each consent: who gave it, when, how and which version of this policy it covered. When this policy changes in a way that affects children’s information, we ask again.',
        `A parent may review the information we hold about their child, download it, correct it, delete it, and withdraw consent for further collection at any time, from the account page or by emailing ${email}. Withdrawing consent ends coaching for that child. If we learn that we have collected information from a child without parental consent, we delete it.`,
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use information',
      list: [
        'To reply to you, book intro calls and match your family with a coach.',
        'To run coaching sessions, send weekly parent updates and share at-home tools.',
        'To send the emails you asked for, such as your assessment results, booking confirmations or the monthly newsletter (unsubscribe at any time).',
        'To keep accounts secure, prevent misuse and meet our legal obligations.',
        'To understand, in aggregate, which pages help families and improve the program.',
      ],
      after:
        'We do not use children’s information for advertising or marketing, and we do not make automated decisions about your child. Assessment scores are a starting point for a conversation with you, not a diagnosis.',
    },
    {
      id: 'no-selling',
      heading: 'We never sell your information',
      paragraphs: [
        'We do not sell or rent personal information, and we do not share it for cross-context behavioral advertising. Who receives it: your family’s coach (your name and contact details, your child’s first name, age, focus areas, sessions and points); service providers who help us run Ploom (hosting and database, email delivery, payments), under contracts that let them use it only on our behalf; other enrolled families, only a child’s first name and points on the leaderboard and only if you turn it on; and authorities when the law requires it, including to protect a child’s safety.',
      ],
    },
    {
      id: 'analytics',
      heading: 'Analytics without third-party trackers',
      paragraphs: [
        'We measure how our website is used with our own first-party analytics: the page visited, how long it was open, the referring page, campaign tags in the link, the device type and screen size, and a random session id kept in your browser’s session storage that disappears when you close the tab.',
        'The child’s area sends no analytics beyond an anonymous page view: which screen was opened (for example “child dashboard”), with no session id, device, screen size, referring page or time on page, so it cannot be linked to a child, a device or a visit.',
        'We do not use advertising cookies, third-party tracking pixels or fingerprinting, and our analytics are never linked to a child’s profile. Our marketing team sees page and campaign totals, not individual visitors.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep information',
      list: [
        'Intro-call, waitlist and contact requests that do not lead to enrollment: up to 12 months, then deleted.',
        'Anonymous assessment answers: up to 24 months, to improve the assessment. An email you added to your results is deleted on request or after 12 months.',
        'Family accounts and children’s coaching records: while you have an account. When you delete it from the account page, everything goes at once: your account, your children’s logins, their profiles, sessions, notes, updates, points, rewards and consent records, and the forms you sent us from the same email address. If you close it another way, within 90 days. Billing records we must keep for tax law are the exception.',
        'A record that a deletion or an export happened (account and child ids and how many records were deleted, with no names or email addresses), kept as our accountability record.',
        'Analytics events: up to 13 months.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your choices and deletion requests',
      paragraphs: [
        'In your account (Account, then “Your data”) you can download your family’s data as one JSON file (everything we hold about your family except our team’s own records of your enquiry, such as its status and internal notes, which we send you on request), and delete your account and all your children’s data yourself, at once. In “Profile” you correct your details; in “Notifications” you choose which emails you get (booking and cancellation notices always come: they are the service).',
        `You can also ask to see, correct, export or delete your information or your child’s by emailing ${email} from the address we know you by, or by choosing “Privacy or my data” on our contact form. We confirm your identity before acting and reply within ${site.replyWithinHours} hours; most requests are completed within 30 days.`,
        'You can unsubscribe from the newsletter with the link in every issue. Depending on where you live (for example California or the European Union), you may have further rights under local law; we honour them for all families.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect information',
      paragraphs: [
        'Information is encrypted in transit (HTTPS) and at rest. Access is limited by role: database rules ensure a parent sees only their own family’s records, coaches see only the families they coach, and only a small number of administrators can see leads and requests. Passwords are stored as salted hashes. Administrative actions such as sign-ins are logged.',
        'No system is perfectly secure. If a breach affects your information, we will tell you promptly and explain what we are doing about it.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy in a way that affects how we use children’s information, we will email parents and ask for consent again before the change applies. The date at the top shows the latest version.',
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: 'November 21, 2026',
  summary: `These terms explain what ${site.name} provides, what we ask of families, and how plans, pausing and cancelling work. In short: it is coaching, not therapy or medical care; you can pause or cancel any time; and during the beta we ask for your feedback.`,
  sections: [
    {
      id: 'the-service',
      heading: 'The service',
      paragraphs: [
        `${site.name} provides weekly ${site.sessionMinutes}-minute 1:1 video coaching sessions for children aged ${site.ages} with a dedicated coach, with parents included, plus at-home tools and weekly parent updates. These terms are an agreement between ${site.name} and the parent or legal guardian who signs up (“you”).`,
      ],
    },
    {
      id: 'not-therapy',
      heading: 'Not therapy, tutoring or medical treatment',
      paragraphs: [
        `${site.disclaimer} Coaches do not diagnose, treat or prescribe, and coaching is not a substitute for care from a doctor, psychologist, therapist or other licensed professional. The free assessment is an educational snapshot, not a clinical evaluation.`,
        'If your child shows signs of a mental-health condition, is at risk of harm, or needs clinical support, please seek a qualified professional. In an emergency call 911 (or your local emergency number). If a coach believes a child needs clinical care, we will tell you and may pause coaching until that care is in place.',
      ],
    },
    {
      id: 'eligibility',
      heading: 'Who can sign up',
      paragraphs: [
        'You must be at least 18 and the parent or legal guardian of the child being coached, with the authority to consent for them. You agree to give accurate information and keep your account details safe. Children use Ploom only through access their parent sets up.',
      ],
    },
    {
      id: 'sessions',
      heading: 'Sessions and conduct',
      list: [
        'A parent or guardian is available during each session and joins for the parent part of it.',
        'Sessions happen in a reasonably quiet, private space with a working camera and microphone.',
        'Please give at least 24 hours’ notice to reschedule. Sessions missed without notice may not be made up.',
        'Sessions are not recorded by either side. Everyone treats each other with respect; we may end a session or the service if a participant is abusive.',
        'Coaches follow a safeguarding procedure and will act, including contacting authorities where required by law, if they believe a child is at risk.',
      ],
    },
    {
      id: 'plans',
      heading: 'Plans, payment, pausing and cancelling',
      paragraphs: [
        'Plans are billed monthly in advance at the price shown when you enrol. We will tell you at least 30 days before any price change applies to you.',
        `${planCancelNote} Cancel or pause from your account’s billing page or by emailing ${email}: it takes effect at the end of the current month and you keep the sessions already paid for. We do not charge cancellation fees. If something went wrong with your sessions, tell us: we will make it right, including with a refund where fair.`,
      ],
    },
    {
      id: 'beta',
      heading: 'Beta terms',
      paragraphs: [
        `Ploom is in beta and open to our first ${site.betaFamilies} families. Beta families receive the full coaching program. Some features of the website and app may change, be unavailable at times or have rough edges, and we may ask you for feedback by short surveys or calls (always optional). Beta pricing is honoured for as long as you stay enrolled.`,
      ],
    },
    {
      id: 'content',
      heading: 'Our materials',
      paragraphs: [
        'At-home tools, worksheets and session materials are for your family’s personal use. Please do not resell or publish them. Our name and logo may be used only as our brand guidelines allow.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limits of our responsibility',
      paragraphs: [
        'We provide coaching with care and skill, but we cannot promise particular results, because every child and family is different. To the extent the law allows, our total responsibility to you for any claim is limited to the fees you paid in the three months before it arose. Nothing in these terms limits rights you have under consumer protection law.',
      ],
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      paragraphs: [
        'Our Privacy Policy explains how we handle your information and your child’s, including parental consent and deletion requests. It forms part of these terms.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and contact',
      paragraphs: [
        `We may update these terms; we will email you about material changes at least 30 days before they apply, and you may cancel if you do not agree. Questions? Email ${email}.`,
      ],
    },
  ],
};
