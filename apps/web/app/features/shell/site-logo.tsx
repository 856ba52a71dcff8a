import { PageLink } from '../../components/ui/page-link.tsx';
import { useRootData } from '../../lib/root-data.ts';

/** The site's mark and name, linking to `to`. */
export function SiteLogo(props: { to: string; className?: string }) {
  const { settings } = useRootData();
  return (
    <PageLink className={`site-logo${props.className ? ` ${props.className}` : ''}`} to={props.to}>
      <img src="/icon.svg" alt="" width={28} height={28} />
      <span>{settings.name}</span>
    </PageLink>
  );
}
