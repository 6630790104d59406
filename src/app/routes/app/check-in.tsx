import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AreaPage } from '@/app/components/area-shell';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/navigation';

// Loaded by this route (see dashboard.tsx). The quiz's own scoring scores the check-in: the
// features meet here, in the app layer.
const CheckIn = lazy(() =>
  Promise.all([
    import('@/features/progress/components/check-in-form'),
    import('@/features/quiz/lib/scoring'),
  ]).then(([form, scoring]) => ({
    default: function CheckInWithScoring(props: { childId: string; onSaved: () => void }) {
      return <form.CheckInForm {...props} score={(answers) => scoring.scoreSkills(answers)} />;
    },
  })),
);

/** /app/check-in/:childId: the assessment again, kept on the child (docs/decisions/190). */
export default function Screen() {
  const { childId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <AreaPage
      area="Parent"
      title="Check-in"
      description="The assessment's questions again, every four weeks: your dashboard charts how the four skills move."
    >
      <CheckIn childId={childId} onSaved={() => navigate(paths.app)} />
    </AreaPage>
  );
}
