import { Link } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { ChatListEntry } from './chats-rules.ts';

/**
 * The delete conversation modal (spec section 2): a form that posts to the list's action, so that it works
 * without script; with script `onConfirm` takes the submit instead (the chat leaves the list at once).
 */
export function DeleteChatModal(props: {
  chat: ChatListEntry;
  closeHref: string;
  onClose: () => void;
  onConfirm: (chat: ChatListEntry) => void;
}) {
  const { t } = useI18n();
  const { chat } = props;
  const name = chat.profile.name;
  return (
    <Modal id="delete-conversation" title={t('chats.delete_title')} closeHref={props.closeHref} onClose={props.onClose}>
      <form
        method="post"
        action="/chats"
        onSubmit={(event) => {
          event.preventDefault();
          props.onConfirm(chat);
        }}
      >
        <p>{t('chats.delete_body', { name })}</p>
        <input type="hidden" name="conversation" value={chat.conversation.id} />
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Link className="btn btn-outline-secondary" to={props.closeHref} replace preventScrollReset>
            {t('chats.delete_cancel')}
          </Link>
          <button type="submit" className="btn btn-danger" data-testid="chat-delete-confirm">
            {t('chats.delete_confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
