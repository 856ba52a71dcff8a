import type { ChatMessage } from '@app/shared/chat/chat';
import { isRouteErrorResponse } from 'react-router';
import type { FormError } from '../../lib/form-errors.ts';

/**
 * How each send of this tab ended, by its client id. A send goes through a fetcher of its own (several may be on
 * their way at once); the route's `clientAction` sees every answer and notes it here, and the page that sent it takes
 * it when the fetcher is done: the stored message, or why it was refused.
 */
export type SendOutcome = { ok: true; message: ChatMessage } | { ok: false; error: FormError };

const outcomes = new Map<string, SendOutcome>();

function readOutcome(answer: unknown): SendOutcome {
  const value = answer as { sent?: ChatMessage; errors?: Record<string, FormError | undefined> } | null;
  if (value?.sent) return { ok: true, message: value.sent };
  const error = value?.errors ? Object.values(value.errors).find(Boolean) : undefined;
  return { ok: false, error: error ?? { code: 'internal_error' } };
}

/** The chat routes' `clientAction`: sends the form to the server's action and notes the outcome of a send. */
export async function noteSendOutcome<Answer>(
  request: Request,
  serverAction: () => Promise<Answer>,
): Promise<Answer | { intent: 'send'; errors: { form: FormError } }> {
  const form = await request.clone().formData();
  const clientId = form.get('client_id');
  if (form.get('intent') !== 'send' || typeof clientId !== 'string') return serverAction();
  try {
    const answer = await serverAction();
    outcomes.set(clientId, readOutcome(answer));
    return answer;
  } catch (error) {
    // A redirect (the session ended: to the login) goes on; a lost connection is a failed send to retry.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    const failed = { code: 'internal_error' } as const;
    outcomes.set(clientId, { ok: false, error: failed });
    return { intent: 'send', errors: { form: failed } };
  }
}

/** The outcome of a send, once; a send that never reached the action counts as failed. */
export function takeSendOutcome(clientId: string): SendOutcome {
  const outcome = outcomes.get(clientId);
  outcomes.delete(clientId);
  return outcome ?? { ok: false, error: { code: 'internal_error' } };
}
