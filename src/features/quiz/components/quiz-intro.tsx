import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Lock, Sparkles, Stethoscope } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/navigation';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { childAges, questions, skills } from '@/content/quiz';
import { useQuizProgress } from '../hooks/use-quiz-progress';
import { emptyProgress, firstUnansweredIndex, hasProgress } from '../lib/progress';

const childSchema = z.object({
  firstName: z
    .string()
    .trim()
    .max(50, 'Please keep the name under 50 characters.')
    .transform((v) => (v === '' ? null : v)),
  age: z
    .string()
    .refine(
      (v) => v === '' || (childAges as readonly number[]).includes(Number(v)),
      'Choose an age from 7 to 12.',
    )
    .transform((v) => (v === '' ? null : Number(v))),
});
type ChildForm = z.input<typeof childSchema>;
type ChildValues = z.output<typeof childSchema>;

const promises = [
  {
    icon: Clock,
    title: `${site.assessmentMinutes} minutes`,
    text: `${questions.length} quick questions, one at a time.`,
  },
  { icon: Sparkles, title: 'Four skills', text: skills.map((s) => s.name).join(', ') + '.' },
  {
    icon: Lock,
    title: 'Private',
    text: 'No account needed. Your answers are never sold or shared; see our privacy policy.',
  },
  {
    icon: Stethoscope,
    title: 'Not a diagnosis',
    text: 'A snapshot to guide coaching (developmental education, not therapy or medical advice).',
  },
];

export function QuizIntro() {
  const navigate = useNavigate();
  const [progress, setProgress] = useQuizProgress();
  const inProgress = hasProgress(progress);
  const answered = Object.keys(progress.answers).length;

  const form = useForm<ChildForm, unknown, ChildValues>({
    resolver: zodResolver(childSchema),
    defaultValues: {
      firstName: progress.child.firstName ?? '',
      age: progress.child.age === null ? '' : String(progress.child.age),
    },
  });
  const { errors } = form.formState;

  const start = form.handleSubmit((child) => {
    setProgress({ ...emptyProgress(), child: { firstName: child.firstName, age: child.age } });
    navigate(paths.quizQuestions);
  });

  const resume = () => {
    setProgress((current) => ({ ...current, currentIndex: firstUnansweredIndex(current.answers) }));
    navigate(paths.quizQuestions);
  };

  return (
    <div className="space-y-10">
      <section aria-labelledby="quiz-title" className="space-y-4">
        <p className="font-display text-sm font-bold uppercase tracking-wider text-brand-700">
          Free family skills assessment
        </p>
        <h1
          id="quiz-title"
          className="font-display text-3xl font-extrabold leading-tight text-ink sm:text-4xl"
        >
          How is your child doing? Find out in {site.assessmentMinutes} minutes.
        </h1>
        <p className="text-lg text-ink-muted">
          For parents of children aged {site.ages}. Answer {questions.length} questions about everyday moments
          (mornings, homework, friendships, bedtime) and get a plain-language picture of your child&apos;s
          strengths, the skill to focus on first, and the coaching plan that fits.
        </p>
      </section>

      <ul className="grid gap-4 sm:grid-cols-2">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-display font-bold text-ink">{title}</span>
              <span className="block text-sm text-ink-muted">{text}</span>
            </span>
          </li>
        ))}
      </ul>

      {inProgress ? (
        <section
          aria-labelledby="resume-title"
          className="space-y-4 rounded-3xl border-2 border-brand-200 bg-brand-50 p-6"
        >
          <h2 id="resume-title" className="font-display text-xl font-bold">
            Welcome back
          </h2>
          <p className="text-ink-muted">
            You have answered {answered} of {questions.length} questions. Pick up where you left off, or start
            again.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button onClick={resume}>Continue where I left off</Button>
            <Button variant="secondary" onClick={() => setProgress(emptyProgress())}>
              Start over
            </Button>
          </div>
        </section>
      ) : (
        <form
          onSubmit={start}
          noValidate
          aria-labelledby="start-title"
          className="space-y-5 rounded-3xl border border-brand-100 bg-white p-6 shadow-sm"
        >
          <div className="space-y-1">
            <h2 id="start-title" className="font-display text-xl font-bold">
              Before you start
            </h2>
            <p className="text-sm text-ink-muted">
              Optional: tell us your child&apos;s first name and age so the questions speak about them. Both
              stay in this browser unless you finish the assessment.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Child's first name" optional error={errors.firstName?.message}>
              <Input autoComplete="off" maxLength={50} {...form.register('firstName')} />
            </Field>
            <Field
              label="Child's age"
              optional
              error={errors.age?.message}
              hint={`Ploom is for ages ${site.ages}.`}
            >
              <Select {...form.register('age')}>
                <option value="">Prefer not to say</option>
                {childAges.map((age) => (
                  <option key={age} value={String(age)}>
                    {age}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Button type="submit" size="lg" fullWidth className="sm:w-auto">
            Start the assessment
          </Button>
        </form>
      )}

      <p className="text-sm text-ink-muted">
        If you are worried about your child&apos;s safety, mood, eating, sleep or development, please talk to
        your pediatrician or a licensed mental-health professional. This assessment does not replace their
        advice.
      </p>
    </div>
  );
}
