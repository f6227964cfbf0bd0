import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createTestQueryClient, renderWithProviders } from '@/testing/test-utils';

import { clearLogin, setLogin } from '../login-store';
import { userKeys } from '../queries';

import { FavoritesVisibility } from './favorites-visibility';

beforeEach(() => setLogin('sise-token', 3600));
afterEach(() => clearLogin());

describe('관심종목 공개', () => {
  it('shows the change at once and takes no other tap until the server answered it', async () => {
    const sent: unknown[] = [];
    let answer: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body = (await request.json()) as { open_favorite_stocks: boolean };
        sent.push(body);
        return new Promise<Response>((resolve) => {
          answer = () => resolve(Response.json(body));
        });
      }),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(userKeys.setting(), { open_favorite_stocks: true });
    renderWithProviders(<FavoritesVisibility />, { queryClient });
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: '관심종목 공개' });

    fireEvent.click(toggle);
    // A disabled control takes no taps (jsdom would still flip a disabled box on a synthetic click).
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(sent).toEqual([{ open_favorite_stocks: false }]));

    answer();
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ open_favorite_stocks: false }, { open_favorite_stocks: true }]));
  });
});
