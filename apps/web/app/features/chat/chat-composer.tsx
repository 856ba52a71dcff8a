import type { ChatGift, Gif } from '@app/shared/chat/chat';
import { freeConversationLimit } from '@app/shared/chat/chat-constants';
import { maxPhotoBytes } from '@app/shared/profiles/photo-limits';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { type FormError, useFormErrorTexts } from '../../lib/form-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { ChatPageData, ChatPanel } from '../../routes/chats/chat-page.server.ts';
import { formatSendCost } from './chat-format.ts';
import { ChatIcon } from './chat-icon.tsx';
import { findSendCost } from './chat-rules.ts';
import type { Conversation } from './use-conversation.ts';

// The panels load when the member opens one: most sends are words.
const GifPanel = lazy(() => import('./gif-panel.tsx').then((module) => ({ default: module.GifPanel })));
const GiftPanel = lazy(() => import('./gift-panel.tsx').then((module) => ({ default: module.GiftPanel })));

/** The current address with a panel open (`?panel=gif`), or with none. */
function withPanel(location: { pathname: string; search: string }, panel: ChatPanel | null): string {
  const params = new URLSearchParams(location.search);
  params.delete('panel');
  params.delete('gif');
  if (panel) params.set('panel', panel);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/** Where a member without the credits for a send goes: a premium member buys credits, a free one goes premium. */
function buyPath(paidUser: boolean): { to: string; label: 'chat.buy_credits' | 'chat.get_premium' } {
  return paidUser ? { to: '/credits', label: 'chat.buy_credits' } : { to: '/premium', label: 'chat.get_premium' };
}

/** Why a send was refused: the error's text; not enough credits also says how to get them (spec section 8). */
function SendError(props: { error: FormError; paidUser: boolean }) {
  const { t } = useI18n();
  const texts = useFormErrorTexts({ form: props.error });
  const buy = buyPath(props.paidUser);
  return (
    <div className="chat-notice alert alert-danger" role="alert" data-testid="chat-send-error">
      <span>{texts.form}</span>
      {props.error.code === 'insufficient_credits' ? (
        <Link className="btn btn-sm btn-primary" to={buy.to} data-testid="chat-buy">
          {t(buy.label)}
        </Link>
      ) : null}
    </div>
  );
}

/** Why the member cannot write here: blocked, the other is gone, or a free member's conversations are used up. */
function WriteBlocker(props: { blocker: ChatPageData['composer']['blocker']; name: string }) {
  const { t } = useI18n();
  if (props.blocker === 'conversation_limit') {
    return (
      <div className="chat-notice alert alert-warning" data-testid="chat-blocker" data-blocker="conversation_limit">
        <span>{t('chat.blocker.conversation_limit', { limit: freeConversationLimit })}</span>
        <Link className="btn btn-sm btn-warning" to="/premium">
          <Icon name="gem" /> {t('chat.get_premium')}
        </Link>
      </div>
    );
  }
  return (
    <p className="chat-notice alert alert-secondary mb-0" data-testid="chat-blocker" data-blocker={props.blocker ?? ''}>
      {props.blocker === 'unavailable'
        ? t('chat.blocker.unavailable', { name: props.name })
        : t('chat.blocker.blocked', { name: props.name })}
    </p>
  );
}

/** Choosing a photo without script: a form of its own (with script the photo button opens the file picker). */
function PhotoPanel(props: { fields: ReactNode; action: string; cost: string; closeHref: string; name: string }) {
  const { t } = useI18n();
  return (
    <section className="chat-panel" aria-labelledby="chat-photo-title" data-testid="chat-photo-panel">
      <div className="chat-panel-head">
        <h2 className="h6 mb-0" id="chat-photo-title">
          {t('chat.photo_title')}
        </h2>
        <Link className="btn-close" to={props.closeHref} replace preventScrollReset aria-label={t('chat.close')} />
      </div>
      <Form method="post" action={props.action} encType="multipart/form-data">
        {props.fields}
        <input type="hidden" name="type" value="photo" />
        <label className="form-label" htmlFor="chat-photo-file">
          {t('chat.photo_field')}
        </label>
        <input
          className="form-control"
          type="file"
          id="chat-photo-file"
          name="photo"
          accept="image/jpeg,image/png,image/webp"
          required
          aria-describedby="chat-photo-help"
        />
        <p className="form-text" id="chat-photo-help">
          {t('chat.photo_help', { name: props.name })}
        </p>
        <button type="submit" className="btn btn-primary">
          {t('chat.photo_send', { cost: props.cost })}
        </button>
      </Form>
    </section>
  );
}

/**
 * The composer: a text of up to `message_length` characters with a live counter, the price of the next send in
 * credits and money, and buttons for a photo, a GIF and a gift. Every part is a form the route's action takes, so
 * that it works without script (a server-made client id keeps a double submit to one message); with script a send
 * shows at once and settles (use-conversation.ts).
 */
export function ChatComposer(props: {
  data: ChatPageData;
  action: string;
  conversation: Conversation;
  /** A refused send of a page without script: its error and the text to show again. */
  refused: { error: FormError | undefined; text: string } | null;
  onSend: () => void;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const { data, conversation } = props;
  const { composer, profile } = data;
  const [text, setText] = useState(props.refused?.text ?? '');
  const [panel, setPanel] = useState<ChatPanel | null>(data.panel);
  const [photoError, setPhotoError] = useState<FormError | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const error = photoError ?? conversation.lastError ?? props.refused?.error ?? null;
  const cost = (type: 'message' | 'photo' | 'gif') => formatSendCost(findSendCost(type, composer), locale, t);
  const giftCost = (gift: ChatGift) => formatSendCost(findSendCost('gift', composer, gift.credits), locale, t);

  const fields = (
    <>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="profile" value={profile.id} />
      <input type="hidden" name="client_id" value={data.clientId} />
    </>
  );
  const sendWith = (entries: Record<string, string | Blob>, preview: Parameters<Conversation['send']>[1]) => {
    const form = new FormData();
    form.set('intent', 'send');
    form.set('profile', String(profile.id));
    for (const [name, value] of Object.entries(entries)) form.set(name, value);
    setPhotoError(null);
    conversation.send(form, preview);
    props.onSend();
  };
  const togglePanel = (next: ChatPanel) => (event: React.MouseEvent) => {
    event.preventDefault();
    setPanel((current) => (current === next ? null : next));
  };
  const closeHref = withPanel(location, null);
  const closePanel = () => setPanel(null);

  return (
    <footer className="chat-composer" data-testid="chat-composer">
      {composer.unconfirmed ? (
        <p className="chat-notice alert alert-info mb-0" data-testid="chat-unconfirmed">
          <Icon name="exclamation-triangle" /> {t('chat.unconfirmed')}
        </p>
      ) : null}
      {error ? <SendError error={error} paidUser={composer.paid_user} /> : null}
      {!composer.can_write ? (
        <WriteBlocker blocker={composer.blocker} name={profile.name} />
      ) : (
        <>
          <Suspense fallback={<p className="chat-panel chat-panel-loading">{t('chat.loading')}</p>}>
            {panel === 'gif' ? (
              <GifPanel
                initial={data.gifSearch}
                fields={fields}
                action={props.action}
                cost={cost('gif')}
                closeHref={closeHref}
                onClose={closePanel}
                onPick={(gif: Gif) => {
                  closePanel();
                  sendWith(
                    { type: 'gif', gif: gif.id },
                    { type: 'gif', text: null, gif, gift: null, photoPreview: null },
                  );
                }}
              />
            ) : null}
            {panel === 'gift' ? (
              <GiftPanel
                gifts={data.gifts}
                fields={fields}
                action={props.action}
                costOf={giftCost}
                closeHref={closeHref}
                onClose={closePanel}
                onPick={(gift: ChatGift) => {
                  closePanel();
                  sendWith(
                    { type: 'gift', gift: gift.id },
                    { type: 'gift', text: null, gif: null, gift, photoPreview: null },
                  );
                }}
              />
            ) : null}
          </Suspense>
          {panel === 'photo' ? (
            <PhotoPanel
              fields={fields}
              action={props.action}
              cost={cost('photo')}
              closeHref={closeHref}
              name={profile.name}
            />
          ) : null}
          <Form
            method="post"
            action={props.action}
            className="chat-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (text.trim() === '') return;
              sendWith({ type: 'message', text }, { type: 'message', text, gif: null, gift: null, photoPreview: null });
              setText('');
            }}
          >
            {fields}
            <input type="hidden" name="type" value="message" />
            <label className="visually-hidden" htmlFor="chat-text">
              {t('chat.message_label')}
            </label>
            <textarea
              id="chat-text"
              name="text"
              className="form-control chat-textarea"
              rows={1}
              maxLength={composer.message_length}
              required
              placeholder={t('chat.placeholder')}
              value={text}
              aria-describedby="chat-counter chat-cost"
              onChange={(event) => {
                setText(event.target.value);
                conversation.noteTyping();
              }}
              onKeyDown={(event) => {
                // Enter sends where there is a keyboard; on a touch screen it starts a new line.
                if (
                  event.key === 'Enter' &&
                  !event.shiftKey &&
                  !event.nativeEvent.isComposing &&
                  window.matchMedia('(pointer: fine)').matches
                ) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <button
              type="submit"
              className="btn btn-primary chat-send"
              aria-label={t('chat.send_label', { cost: cost('message') })}
              data-testid="chat-send"
            >
              <ChatIcon name="send-fill" />
              <span className="chat-send-text">{t('chat.send')}</span>
            </button>
          </Form>
          <div className="chat-composer-meta">
            <div className="chat-tools">
              <Link
                className={panel === 'photo' ? 'btn chat-tool active' : 'btn chat-tool'}
                to={withPanel(location, 'photo')}
                preventScrollReset
                title={t('chat.photo_button')}
                aria-label={t('chat.photo_button')}
                data-testid="chat-tool-photo"
                onClick={(event) => {
                  event.preventDefault();
                  photoInput.current?.click();
                }}
              >
                <ChatIcon name="image" />
              </Link>
              <Link
                className={panel === 'gif' ? 'btn chat-tool active' : 'btn chat-tool'}
                to={withPanel(location, 'gif')}
                preventScrollReset
                title={t('chat.gif_button')}
                aria-label={t('chat.gif_button')}
                aria-expanded={panel === 'gif'}
                data-testid="chat-tool-gif"
                onClick={togglePanel('gif')}
              >
                <span className="chat-tool-gif" aria-hidden="true">
                  GIF
                </span>
              </Link>
              <Link
                className={panel === 'gift' ? 'btn chat-tool active' : 'btn chat-tool'}
                to={withPanel(location, 'gift')}
                preventScrollReset
                title={t('chat.gift_button')}
                aria-label={t('chat.gift_button')}
                aria-expanded={panel === 'gift'}
                data-testid="chat-tool-gift"
                onClick={togglePanel('gift')}
              >
                <ChatIcon name="gift" />
              </Link>
            </div>
            <span className="chat-counter" id="chat-counter" aria-live="off">
              {t('chat.counter', { count: text.length, max: composer.message_length })}
            </span>
            <span className="chat-cost" id="chat-cost" data-testid="chat-cost">
              {cost('message')}
            </span>
          </div>
          {composer.conversations_left !== null ? (
            <p className="chat-conversations-left" data-testid="chat-conversations-left">
              {t('chat.conversations_left', { count: composer.conversations_left })}
            </p>
          ) : null}
          {/* The photo button's file picker (with script); the photo goes as soon as it is chosen. */}
          <input
            ref={photoInput}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            accept="image/jpeg,image/png,image/webp"
            data-testid="chat-photo-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (!file.type.startsWith('image/')) return setPhotoError({ code: 'photo_invalid' });
              if (file.size > maxPhotoBytes) return setPhotoError({ code: 'photo_too_large' });
              sendWith(
                { type: 'photo', photo: file },
                { type: 'photo', text: null, gif: null, gift: null, photoPreview: URL.createObjectURL(file) },
              );
            }}
          />
        </>
      )}
    </footer>
  );
}
