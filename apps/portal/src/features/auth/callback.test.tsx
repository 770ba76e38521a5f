import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../testing/render-with-i18n.tsx';
import { CallbackError, providerDescriptionFrom } from './callback.tsx';

/** A failed callback first says what happened in words a person understands. */
describe('CallbackError', () => {
  const renderError = (error: Error, providerDescription?: string) =>
    renderWithI18n(
      <MemoryRouter>
        <CallbackError error={error} providerDescription={providerDescription} />
      </MemoryRouter>,
    );

  it('the SDK lost its PKCE state: a sentence, "Sign in again", then the spec\'s name: message line', () => {
    const error = Object.assign(new Error('Could not load PKCE codeVerifier from storage.'), {
      name: 'AuthSdkError',
    });
    renderError(error);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Sign-in could not be completed',
    );
    const sentence = within(alert).getByText(/could not be finished in this tab/);
    const action = within(alert).getByRole('link', { name: 'Sign in again' });
    const technical = within(alert).getByText('AuthSdkError: Could not load PKCE codeVerifier from storage.');
    expect(action).toHaveAttribute('href', '/');
    // The person's sentence and the action come before the technical line.
    expect(sentence.compareDocumentPosition(technical) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(action.compareDocumentPosition(technical) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("keeps the identity provider's own error_description", () => {
    const error = Object.assign(new Error('User is not assigned to the client application.'), {
      name: 'OAuthError',
    });
    renderError(
      error,
      providerDescriptionFrom('?error=access_denied&error_description=User+is+not+assigned'),
    );
    expect(screen.getByText('The sign-in service said: User is not assigned')).toBeVisible();
    expect(screen.getByText(/Something went wrong while finishing your sign-in/)).toBeVisible();
    expect(screen.getByText('OAuthError: User is not assigned to the client application.')).toBeVisible();
  });

  it('reads no description when there is none', () => {
    expect(providerDescriptionFrom('?code=abc&state=x')).toBeUndefined();
    expect(providerDescriptionFrom('?error_description=%20')).toBeUndefined();
  });
});
