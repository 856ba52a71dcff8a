import {
  chatPhotoQuerySchema,
  chatPhotoResponseSchema,
  chatReadInputSchema,
  chatsResponseSchema,
  deleteChatInputSchema,
  deleteChatResponseSchema,
  gifsQuerySchema,
  gifsResponseSchema,
  giftsResponseSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  reportInputSchema,
  reportResponseSchema,
  sendMessageInputSchema,
  sendMessageResponseSchema,
} from '@app/shared/chat/chat';
import { gifPageSize } from '@app/shared/chat/chat-constants';
import { AppError } from '@app/shared/errors/app-error';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/api-schema.ts';
import { requireUser } from '../accounts/session.ts';
import type { ChatService } from './chat.service.ts';

/** Conversations and messages (spec sections 2, 3, 7 and 9). Login required for all. */
export function registerChatRoutes(app: FastifyInstance, chat: ChatService) {
  // A chat photo arrives as the raw file with its image content type, as profile photos do.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: maxPhotoBytes }, (_request, body, done) =>
    done(null, body),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: '/api/chats.php',
    schema: {
      tags: ['chat'],
      summary: "The member's conversations, newest first, with unread counts and the unread total.",
      response: { 200: chatsResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return chat.findChats(request.site, requireUser(request));
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/chat.php',
    config: { keepsMemberView: true },
    schema: {
      tags: ['chat'],
      summary:
        'Removes a conversation (`conversation`) or every conversation with a profile (`profile`) for the member; the other member keeps theirs.',
      body: deleteChatInputSchema,
      response: {
        200: deleteChatResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request) => ({ deleted: await chat.deleteChats(requireUser(request), request.body) }),
  });

  api.route({
    method: 'GET',
    url: '/api/messages.php',
    schema: {
      tags: ['chat'],
      summary:
        'A page of a conversation, newest first (`before`: the page older than that message), within the site’s history limit, with what the next send costs.',
      querystring: messagesQuerySchema,
      response: {
        200: messagesResponseSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const page = await chat.findConversation(
        request.site,
        requireUser(request),
        request.query.conversation,
        request.query.before,
      );
      if (!page) throw new AppError('not_found', `no conversation ${request.query.conversation} for this member`);
      return page;
    },
  });

  api.route({
    method: 'POST',
    url: '/api/messages.php',
    config: { keepsMemberView: true },
    schema: {
      tags: ['chat'],
      summary:
        'Sends a message, photo, gift or GIF to a profile, paid from the credits in the same transaction. A retry with the same `client_id` answers the first message.',
      body: sendMessageInputSchema,
      response: {
        200: sendMessageResponseSchema,
        ...errorResponses(
          'validation_failed',
          'text_too_long',
          'insufficient_credits',
          'conversation_limit_reached',
          'chat_unavailable',
          'not_found',
          'idempotency_key_reused',
          'authentication_required',
          'service_unavailable',
        ),
      },
    },
    handler: (request) => chat.sendMessage(request.site, requireUser(request), request.locale, request.body),
  });

  api.route({
    method: 'POST',
    url: '/api/chat-read.php',
    config: { keepsMemberView: true },
    schema: {
      tags: ['chat'],
      summary: 'The member has seen the conversation: its unread count becomes 0 and the sender sees “read”.',
      body: chatReadInputSchema,
      response: {
        200: chatReadInputSchema,
        ...errorResponses('validation_failed', 'not_found', 'authentication_required'),
      },
    },
    handler: async (request) => {
      await chat.markConversationRead(requireUser(request), request.body.conversation);
      return { conversation: request.body.conversation };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/chat-photos.php',
    config: { keepsMemberView: true },
    schema: {
      tags: ['chat'],
      summary:
        'Uploads a photo for a photo message (the body is the image file, content type image/*, at most 10 MB); send it with POST /api/messages.php.',
      response: {
        200: chatPhotoResponseSchema,
        ...errorResponses(
          'photo_invalid',
          'photo_too_large',
          'payload_too_large',
          'unsupported_media_type',
          'authentication_required',
        ),
      },
    },
    handler: async (request) => {
      const user = requireUser(request);
      if (!Buffer.isBuffer(request.body)) throw new AppError('photo_invalid', 'no image body');
      return { photo: await chat.uploadChatPhoto(user, request.body) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/chat-photo.php',
    schema: {
      tags: ['chat'],
      summary: 'A chat photo, for its sender and the member who received it; 404 for anyone else.',
      querystring: chatPhotoQuerySchema,
    },
    handler: async (request, reply) => {
      const file = await chat.findChatPhotoFile(request.user, request.query.id, request.query.size);
      if (!file) throw new AppError('not_found', `no chat photo ${request.query.id} for this viewer`);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/gifts.php',
    schema: {
      tags: ['chat'],
      summary: 'The gift catalogue, each gift with what it costs in credits on this site.',
      response: { 200: giftsResponseSchema, ...errorResponses('authentication_required') },
    },
    handler: (request) => {
      requireUser(request);
      return { gifts: chat.findGifts(request.site) };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/gifs.php',
    schema: {
      tags: ['chat'],
      summary: 'GIFs for the words `q` in the member’s language (popular ones when empty).',
      querystring: gifsQuerySchema,
      response: {
        200: gifsResponseSchema,
        ...errorResponses('validation_failed', 'authentication_required', 'service_unavailable'),
      },
    },
    handler: (request) => {
      requireUser(request);
      return chat.searchGifs(request.locale, request.query.q, request.query.offset, gifPageSize);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/report.php',
    config: { keepsMemberView: true },
    schema: {
      tags: ['chat'],
      summary: 'Reports a member, and optionally one of their messages to the member, for moderation.',
      body: reportInputSchema,
      response: {
        200: reportResponseSchema,
        ...errorResponses(
          'validation_failed',
          'choice_required',
          'text_too_long',
          'not_found',
          'authentication_required',
        ),
      },
    },
    handler: async (request) => {
      await chat.reportMember(request.site, requireUser(request), request.body);
      return { reported: true as const };
    },
  });
}
