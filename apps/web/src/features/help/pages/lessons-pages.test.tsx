/** A lesson is read a step at a time, its place kept on the server and resumed; its text is markdown, never HTML. */
import { describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import lessonsUrl from '@estate/domain/content/lessons.en.json?url';
import lessons from '@estate/domain/content/lessons.en.json';
import { renderApp } from '../../../test/render-app';
import { json, mockFetch, type MockRequest } from '../../../test/fetch-mock';
import { makeMe } from '../../../test/fixtures';

const course = (over: object = {}) => ({
  id: 'how-things-work',
  slug: 'how-things-work',
  category: 'introduction',
  length: 5,
  totalSteps: 6,
  activeStep: 1,
  furthestStep: 0,
  completedAt: null,
  updatedAt: null,
  ...over,
});
const methodology = course({ id: 'distribution-methodology', slug: 'distribution-methodology', category: 'distribution', length: 17, totalSteps: 23 });

function signedIn(roles: number[], state = course(), extra: Record<string, object> = {}) {
  let saved = state;
  return mockFetch({
    'GET /api/setup': { needsSetup: false },
    'POST /api/auth/refresh': { accessToken: 'token' },
    'GET /api/me': makeMe({ roles, stage: 11 }),
    'GET /api/estates/e1/stage': { stage: 11, name: 'Stage' },
    [`GET ${new URL(lessonsUrl, 'http://localhost').pathname}`]: lessons,
    'GET /api/lessons': () => json(200, { courses: [saved, methodology] }),
    'PUT /api/lessons/how-things-work/progress': (req: MockRequest) => {
      const body = req.body as { activeStep: number; completed?: boolean };
      saved = course({
        activeStep: body.activeStep,
        furthestStep: Math.max(saved.furthestStep, body.activeStep),
        completedAt: saved.completedAt ?? (body.completed ? '2026-11-21T12:00:00.000Z' : null),
      });
      return json(200, { course: saved });
    },
    ...extra,
  });
}

describe('lessons', () => {
  it('opens a lesson where the person left it, moves step by step and keeps the place', { timeout: 40_000 }, async () => {
    const net = signedIn([10], course({ activeStep: 3, furthestStep: 3, updatedAt: '2026-11-20T10:00:00.000Z' }));
    const app = renderApp('/help/courses/how-things-work/how-things-work');
    // The first render loads the page's code (slow on a busy machine).
    expect(await screen.findByRole('heading', { level: 2, name: 'The stages, from first photo to hand-over' }, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/help/courses/how-things-work/how-things-work?step=3'));

    await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Checking the catalogue' })).toBeInTheDocument();
    await waitFor(() => expect(net.find('PUT', '/api/lessons/how-things-work/progress').map((c) => c.body)).toEqual([{ activeStep: 4 }]));
    // The markdown is rendered as text, with bold as <strong>, never as raw markers.
    const text = screen.getByTestId('lesson-text');
    expect(text).not.toHaveTextContent('**');
    expect(within(text).getByText('Pending').tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The stages, from first photo to hand-over' })).toBeInTheDocument();
    await waitFor(() => expect(net.find('PUT', '/api/lessons/how-things-work/progress')).toHaveLength(2));
  });

  it('finishes a lesson on its last step', async () => {
    const net = signedIn([10], course({ activeStep: 6, furthestStep: 6 }));
    renderApp('/help/courses/how-things-work/how-things-work?step=6');
    await userEvent.click(await screen.findByRole('button', { name: 'I have finished this lesson' }));
    expect(await screen.findByText(/you have finished this lesson/)).toBeInTheDocument();
    expect(net.find('PUT', '/api/lessons/how-things-work/progress').at(-1)?.body).toEqual({ activeStep: 6, completed: true });
  });

  it('lists the lessons with their category, length and steps, and where to carry on', async () => {
    signedIn([10], course({ activeStep: 2, furthestStep: 4 }));
    renderApp('/help/courses');
    const cards = await screen.findAllByTestId('lesson-card');
    expect(within(cards[0]!).getByText('Introduction')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('About 5 minutes')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('6 steps')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: /Carry on from step 2/ })).toHaveAttribute('href', '/help/courses/how-things-work/how-things-work?step=2');
    expect(within(cards[1]!).getByRole('link', { name: /Start reading/ })).toBeInTheDocument();
    // A beneficiary is not shown who has read them.
    expect(screen.queryByText('Who has read the lessons')).not.toBeInTheDocument();
  });

  it('shows a trustee who among the members has finished each lesson', async () => {
    signedIn([30], course(), {
      'GET /api/estates/e1/lessons/progress': {
        members: [
          {
            memberId: 'u2',
            displayName: 'Ben Lee',
            roles: [10],
            courses: [
              { courseId: 'how-things-work', totalSteps: 6, furthestStep: 6, completedAt: '2026-11-20T10:00:00.000Z' },
              { courseId: 'distribution-methodology', totalSteps: 23, furthestStep: 4, completedAt: null },
            ],
          },
        ],
      },
    });
    renderApp('/help/courses');
    const row = await screen.findByTestId('who-row');
    expect(within(row).getByText('Ben Lee')).toBeInTheDocument();
    expect(within(row).getByText('Finished')).toBeInTheDocument();
    expect(within(row).getByText('Step 4 of 23')).toBeInTheDocument();
  });
});
