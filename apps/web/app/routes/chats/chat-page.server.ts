import { randomBytes } from 'node:crypto';
import type { ChatMessage, ChatProfile, Composer } from '@app/shared/chat/chat';
import { reportInputSchema, sendMessageInputSchema } from '@app/shared/chat/chat';
import { clientIdPattern, gifQueryMaxLength, reportReasons } from '@app/shared/chat/chat-constants';
import { parseIdParam } from '@app/shared/input';
import { photoFileSchema } from '@app/shared/profiles/photo-form';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import { redirect } from 'react-router';
import { formOverheadBytes, readCappedFormData } from '../../lib/capped-form-data.server.ts';
import { withSearchParam } from '../../lib/cookies.ts';
import { errorParam } from '../../lib/error-param.server.ts';
import { answerSuccess, refuseSubmission, refuseWithError } from '../../lib/form.ts';
import type { requireMember } from '../../lib/route-guard.ts';
import { parseSubmission } from '../../lib/submission.ts';

type MemberContext = ReturnType<typeof requireMember>;

const panels = ['gif', 'gift', 'photo'] as const;
export type ChatPanel = (typeof panels)[number];

/** The conversation as both chat pages show it: /chats/{id}, and /members/{id}/chat before the first message. */
export interface ChatView {
  conversationId: number | null;
  profile: ChatProfile;
  /** Newest first, as the service answers them. */
  messages: ChatMessage[];
  nextBefore: number | null;
  historyLimited: boolean;
  /** The older page shown without script (`?before=`); null for the newest. */
  before: number | null;
  composer: Composer;
}

/** The `?before=` of an older page: undefined for the newest, null when it is no id (the page answers 404). */
export function readBefore(request: Request): number | undefined | null {
  const before = new URL(request.url).searchParams.get('before');
  return before === null ? undefined : parseIdParam(before);
}

/**
 * What both chat pages show around the conversation: the open panel (a query parameter, so that it works without
 * script; the dialogs are read from the address by the page), the GIF search of `?gif=` (trending when empty), the gifts, the fictional label and warning, and
 * the client id of a send made without script (a double submit then stores one message).
 */
export async function loadChatPage(c: MemberContext, request: Request, view: ChatView) {
  const params = new URL(request.url).searchParams;
  const gifQuery = params.get('gif');
  const panelParam = params.get('panel');
  const panel: ChatPanel | null =
    gifQuery !== null ? 'gif' : panels.includes(panelParam as ChatPanel) ? (panelParam as ChatPanel) : null;
  const query = (gifQuery ?? '').trim().slice(0, gifQueryMaxLength);
  return {
    ...view,
    siteName: c.settings.name,
    now: Date.now(),
    clientId: randomBytes(16).toString('hex'),
    panel,
    gifSearch: panel === 'gif' ? { query, ...(await c.services.chat.searchGifs(query, 0)) } : null,
    gifts: c.services.chat.findGifts(),
    blockError: errorParam(request, 'block_error'),
    fictional: view.profile.fictional
      ? { icon: c.settings.fictional_icon, label: c.settings.fictional_singular, warning: c.settings.fictional_warning }
      : null,
  };
}

export type ChatPageData = Awaited<ReturnType<typeof loadChatPage>>;

/** The fields of a send as the schema reads them: only those its type uses. */
function readSendFields(form: FormData, profile: number | null, photo?: number) {
  const type = form.get('type');
  const value = (name: string) => {
    const field = form.get(name);
    return typeof field === 'string' ? field : undefined;
  };
  return {
    profile,
    type,
    client_id: value('client_id'),
    ...(type === 'message' ? { text: value('text') } : {}),
    ...(type === 'gif' ? { gif: value('gif') } : {}),
    ...(type === 'gift' ? { gift: value('gift') } : {}),
    ...(type === 'photo' ? { photo } : {}),
  };
}

/** One message from the composer, the photo form, the GIF search or the gifts (`intent=send`). */
async function sendFromForm(c: MemberContext, request: Request, form: FormData) {
  const text = form.get('text');
  const clientId = form.get('client_id');
  const extra = {
    intent: 'send' as const,
    client_id: typeof clientId === 'string' ? clientId : '',
    // A refused text comes back in the composer (a page without script shows it again).
    text: typeof text === 'string' ? text : '',
  };
  const profileField = form.get('profile');
  const profile = parseIdParam(typeof profileField === 'string' ? profileField : null);
  let photo: number | undefined;
  if (form.get('type') === 'photo') {
    // The rest of the form first: a refused send stores no photo.
    if (profile === null || !clientIdPattern.test(extra.client_id)) {
      return refuseSubmission({ form: { code: 'validation_failed', values: { field: 'photo' } } }, 400, extra);
    }
    const file = parseSubmission(photoFileSchema, form.get('photo'));
    if (!file.ok) return refuseSubmission({ form: file.errors.form! }, 400, extra);
    try {
      photo = (await c.services.chat.uploadChatPhoto(Buffer.from(await file.value.arrayBuffer()))).id;
    } catch (error) {
      return refuseWithError(error, extra);
    }
  }
  const submission = parseSubmission(sendMessageInputSchema, readSendFields(form, profile, photo));
  if (!submission.ok) return refuseSubmission(submission.errors, 400, extra);
  let sent: Awaited<ReturnType<typeof c.services.chat.sendMessage>>;
  try {
    sent = await c.services.chat.sendMessage(submission.value);
  } catch (error) {
    return refuseWithError(error, extra);
  }
  // Without script: back to the conversation (post/redirect/get); with it, the message settles in place.
  return answerSuccess(
    request,
    { intent: 'send' as const, sent: sent.message, credits: sent.credits },
    `/chats/${sent.message.conversation}`,
  );
}

/** A report of the member (or one of their messages), stored for moderation; the page then thanks the member. */
async function reportFromForm(c: MemberContext, request: Request, form: FormData) {
  const value = (name: string) => {
    const field = form.get(name);
    return typeof field === 'string' && field !== '' ? field : undefined;
  };
  const submission = parseSubmission(reportInputSchema, {
    profile: parseIdParam(value('profile')),
    reason: reportReasons.find((reason) => reason === value('reason')),
    text: value('text') ?? '',
    ...(value('message') ? { message: parseIdParam(value('message')) } : {}),
  });
  if (!submission.ok) return refuseSubmission(submission.errors, 400, { intent: 'report' as const });
  try {
    await c.services.chat.reportMember(submission.value);
  } catch (error) {
    return refuseWithError(error, { intent: 'report' as const });
  }
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  throw redirect(withSearchParam(path, 'reported', '1'));
}

/**
 * The chat pages' forms, told apart by `intent`: `send` (a text, photo, GIF or gift), `report`, and `delete` (the
 * conversation, for this member only; then the list). Blocking posts to /blocks, as on a profile.
 */
export async function runChatAction(c: MemberContext, request: Request, conversationId: number | null) {
  const form = await readCappedFormData(request, maxPhotoBytes + formOverheadBytes);
  if (!form) return refuseSubmission({ form: { code: 'photo_too_large' } }, 413, { intent: 'send' as const });
  const intent = form.get('intent');
  if (intent === 'send') return sendFromForm(c, request, form);
  if (intent === 'report') return reportFromForm(c, request, form);
  if (intent === 'delete' && conversationId !== null) {
    try {
      await c.services.chat.deleteChats({ conversation: conversationId });
    } catch (error) {
      return refuseWithError(error, { intent: 'delete' as const });
    }
    throw redirect('/chats');
  }
  return refuseSubmission({ form: { code: 'validation_failed', values: { field: 'intent' } } });
}
