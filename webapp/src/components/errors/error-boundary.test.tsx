import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ErrorBoundary } from './error-boundary';

function Boom({ explode }: { explode: boolean }) {
  if (explode) throw new Error('boom');
  return <p>ok</p>;
}

describe('ErrorBoundary', () => {
  it('clears its error when the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fallback = () => <p>failed</p>;
    const view = render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <Boom explode />
      </ErrorBoundary>,
    );
    expect(screen.getByText('failed')).toBeDefined();
    view.rerender(
      <ErrorBoundary resetKey="/b" fallback={fallback}>
        <Boom explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('ok')).toBeDefined();
  });

  it('keeps healthy children mounted when the reset key changes', () => {
    const fallback = () => <p>failed</p>;
    const view = render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <Boom explode={false} />
      </ErrorBoundary>,
    );
    const before = screen.getByText('ok');
    view.rerender(
      <ErrorBoundary resetKey="/b" fallback={fallback}>
        <Boom explode={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('ok')).toBe(before);
  });
});
