import arrowLeft from 'bootstrap-icons/icons/arrow-left.svg?raw';
import chatDots from 'bootstrap-icons/icons/chat-dots.svg?raw';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import coin from 'bootstrap-icons/icons/coin.svg?raw';
import exclamationTriangle from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import fire from 'bootstrap-icons/icons/fire.svg?raw';
import gem from 'bootstrap-icons/icons/gem.svg?raw';
import globe from 'bootstrap-icons/icons/globe2.svg?raw';
import heart from 'bootstrap-icons/icons/heart.svg?raw';
import heartFill from 'bootstrap-icons/icons/heart-fill.svg?raw';
import lockFill from 'bootstrap-icons/icons/lock-fill.svg?raw';
import mask from 'bootstrap-icons/icons/mask.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personCircle from 'bootstrap-icons/icons/person-circle.svg?raw';
import personFill from 'bootstrap-icons/icons/person-fill.svg?raw';
import personPlus from 'bootstrap-icons/icons/person-plus.svg?raw';
import search from 'bootstrap-icons/icons/search.svg?raw';
import shieldCheck from 'bootstrap-icons/icons/shield-check.svg?raw';
import x from 'bootstrap-icons/icons/x-lg.svg?raw';

const icons = {
  'arrow-left': arrowLeft,
  'chat-dots': chatDots,
  'check-circle': checkCircle,
  coin,
  'exclamation-triangle': exclamationTriangle,
  fire,
  gem,
  globe,
  heart,
  'heart-fill': heartFill,
  'lock-fill': lockFill,
  mask,
  people,
  'person-circle': personCircle,
  'person-fill': personFill,
  'person-plus': personPlus,
  search,
  'shield-check': shieldCheck,
  x,
} as const;

export type IconName = keyof typeof icons;

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(icons, name);
}

/** A Bootstrap Icons glyph inlined as SVG; decorative unless given a label. */
export function Icon(props: { name: IconName; label?: string; className?: string }) {
  const className = `icon${props.className ? ` ${props.className}` : ''}`;
  const svg = { __html: icons[props.name] };
  return props.label ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: static SVG files from the bootstrap-icons package
    <span className={className} role="img" aria-label={props.label} dangerouslySetInnerHTML={svg} />
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: static SVG files from the bootstrap-icons package
    <span className={className} aria-hidden="true" dangerouslySetInnerHTML={svg} />
  );
}
