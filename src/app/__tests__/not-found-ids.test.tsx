import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { TestRouter } from '@/test/router';
import ConversationScreen from '../routes/admin/conversation';
import FamilyScreen from '../routes/admin/family';

const FAMILY = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const state = vi.hoisted(() => ({
  isAdmin: true,
  /** the database's answer to the conversation's family row */
  summary: { data: [] as unknown[], error: null as { code: string; message: string } | null },
}));
vi.mock('@/features/auth/hooks/use-auth', () => ({
  useAuth: () => ({ user: { id: 'staff-1' }, isAdmin: state.isAdmin }),
}));

const rpc = vi.fn(() => Promise.resolve(state.summary));
const from = vi.fn(() => {
  const builder = {
    select: () => builder,
    eq: () => builder,
    order: () => builder,
    limit: () => Promise.resolve({ data: [], error: null }),
  };
  return builder;
});
const channel = { on: () => channel, subscribe: () => channel };
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ rpc, from, channel: () => channel, removeChannel: vi.fn() }),
  afterFirstScreen: () => Promise.resolve(),
  firstScreenDrawn: () => undefined,
}));

const useFamily = vi.fn((_id: string) => ({ isPending: true, isError: false, data: undefined }));
vi.mock('@/features/families/api/get-family', () => ({ useFamily: (id: string) => useFamily(id) }));

function renderAt(pattern: string, address: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestRouter initialEntries={[address]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={pattern} element={element} />
          </Routes>
        </Suspense>
      </TestRouter>
    </QueryClientProvider>,
  );
}

const openConversation = (id: string) =>
  renderAt(paths.adminConversation.pattern, paths.adminConversation.href(id), <ConversationScreen />);

beforeEach(() => {
  state.isAdmin = true;
  state.summary = { data: [], error: null };
  rpc.mockClear();
  from.mockClear();
  useFamily.mockClear();
});

describe('a conversation address that names no conversation', () => {
  it('says there is no such conversation, links back to the list, offers no Send box and asks nothing of the database', async () => {
    openConversation('zzz');
    expect(await screen.findByText('There is no such conversation.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All conversations' })).toHaveAttribute(
      'href',
      paths.adminMessages,
    );
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    expect(from).not.toHaveBeenCalled();
  });

  it('says so for a well-formed id of no family the caller may read', async () => {
    openConversation(FAMILY);
    expect(await screen.findByText('There is no such conversation.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('family_conversations', { only_family: FAMILY });
  });

  it("takes the database's invalid-uuid answer (22P02) as no such conversation, not a failed load", async () => {
    state.summary = { data: [], error: { code: '22P02', message: 'invalid input syntax for type uuid' } };
    openConversation(FAMILY);
    expect(await screen.findByText('There is no such conversation.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('tells a coach the family is not one they coach', async () => {
    state.isAdmin = false;
    openConversation('zzz');
    expect(await screen.findByText('This family is not one you coach.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it("still opens a family's conversation with its Send box", async () => {
    state.summary = {
      data: [
        {
          family_id: FAMILY,
          parent_name: 'Sam Carter',
          children_names: 'Mia',
          coach_names: 'Jordan Ellis',
          last_message_at: null,
          last_sender_role: null,
          message_count: 0,
          unread: 0,
          is_mine: false,
        },
      ],
      error: null,
    };
    openConversation(FAMILY);
    expect(await screen.findByLabelText('Your message')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.queryByText('There is no such conversation.')).not.toBeInTheDocument();
  });
});

describe('a family address whose id is no uuid', () => {
  it('says there is no such family with a link back to the families, without asking for it', async () => {
    renderAt(paths.adminFamily.pattern, '/admin/families/not-a-uuid', <FamilyScreen />);
    expect(await screen.findByText('There is no such family.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All families' })).toHaveAttribute('href', paths.adminFamilies);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useFamily).not.toHaveBeenCalled();
  });

  it('asks for a family whose id is a uuid', () => {
    renderAt(paths.adminFamily.pattern, paths.adminFamily.href(FAMILY), <FamilyScreen />);
    expect(useFamily).toHaveBeenCalledWith(FAMILY);
  });
});
