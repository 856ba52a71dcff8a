import type { ChatGift } from '@app/shared/chat/chat';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { ChatPanelHead } from './chat-panel-head.tsx';

/**
 * The gifts of the catalogue, each with its price: a submit button of the send form (without script), sent at once
 * with script.
 */
export function GiftPanel(props: {
  gifts: ChatGift[];
  fields: ReactNode;
  action: string;
  costOf: (gift: ChatGift) => string;
  closeHref: string;
  onClose: () => void;
  onPick: (gift: ChatGift) => void;
}) {
  const { t } = useI18n();
  return (
    <section className="chat-panel" aria-labelledby="chat-gift-title" data-testid="chat-gift-panel">
      <ChatPanelHead
        id="chat-gift-title"
        title={t('chat.gift_title')}
        closeHref={props.closeHref}
        onClose={props.onClose}
      />
      <Form method="post" action={props.action}>
        {props.fields}
        <input type="hidden" name="type" value="gift" />
        <ul className="chat-gift-grid">
          {props.gifts.map((gift) => {
            const name = t(`gifts.${gift.id}`);
            const cost = props.costOf(gift);
            return (
              <li key={gift.id}>
                <button
                  type="submit"
                  name="gift"
                  value={gift.id}
                  className="chat-gift-choice"
                  data-testid={`chat-gift-${gift.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    props.onPick(gift);
                  }}
                >
                  <img src={gift.image} alt="" width={64} height={64} loading="lazy" />
                  <span className="chat-gift-choice-name">{name}</span>
                  <span className="chat-gift-choice-cost">{cost}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Form>
    </section>
  );
}
