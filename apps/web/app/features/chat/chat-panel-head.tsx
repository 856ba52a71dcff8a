import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

/** The GIF and gift panels' heading with their close button (a link without script). */
export function ChatPanelHead(props: { id: string; title: string; closeHref: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <div className="chat-panel-head">
      <h2 className="h6 mb-0" id={props.id}>
        {props.title}
      </h2>
      <Link
        className="btn-close"
        to={props.closeHref}
        replace
        preventScrollReset
        aria-label={t('chat.close')}
        onClick={(event) => {
          event.preventDefault();
          props.onClose();
        }}
      />
    </div>
  );
}
