import { Icon, isIconName } from '../../components/ui/icon.tsx';

/** The fictional label (icon and the site's word for it) that every card, page and chat header carries. */
export function FictionalLabel(props: { icon: string; label: string; className?: string }) {
  return (
    <span className={`fictional-label${props.className ? ` ${props.className}` : ''}`} data-testid="fictional-label">
      {isIconName(props.icon) ? <Icon name={props.icon} /> : null}
      <span>{props.label}</span>
    </span>
  );
}
