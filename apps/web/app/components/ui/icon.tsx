import arrowLeft from 'bootstrap-icons/icons/arrow-left.svg?raw';
import chatDots from 'bootstrap-icons/icons/chat-dots.svg?raw';
import checkCircle from 'bootstrap-icons/icons/check-circle.svg?raw';
import check2 from 'bootstrap-icons/icons/check2.svg?raw';
import check2All from 'bootstrap-icons/icons/check2-all.svg?raw';
import clock from 'bootstrap-icons/icons/clock.svg?raw';
import coin from 'bootstrap-icons/icons/coin.svg?raw';
import exclamationTriangle from 'bootstrap-icons/icons/exclamation-triangle.svg?raw';
import filetypeGif from 'bootstrap-icons/icons/filetype-gif.svg?raw';
import fire from 'bootstrap-icons/icons/fire.svg?raw';
import gem from 'bootstrap-icons/icons/gem.svg?raw';
import gift from 'bootstrap-icons/icons/gift.svg?raw';
import globe from 'bootstrap-icons/icons/globe2.svg?raw';
import heart from 'bootstrap-icons/icons/heart.svg?raw';
import heartFill from 'bootstrap-icons/icons/heart-fill.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import lockFill from 'bootstrap-icons/icons/lock-fill.svg?raw';
import mask from 'bootstrap-icons/icons/mask.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personCircle from 'bootstrap-icons/icons/person-circle.svg?raw';
import personFill from 'bootstrap-icons/icons/person-fill.svg?raw';
import personPlus from 'bootstrap-icons/icons/person-plus.svg?raw';
import search from 'bootstrap-icons/icons/search.svg?raw';
import sendFill from 'bootstrap-icons/icons/send-fill.svg?raw';
import shieldCheck from 'bootstrap-icons/icons/shield-check.svg?raw';
import threeDotsVertical from 'bootstrap-icons/icons/three-dots-vertical.svg?raw';
import x from 'bootstrap-icons/icons/x-lg.svg?raw';

const icons = {
  'arrow-left': arrowLeft,
  'chat-dots': chatDots,
  'check-circle': checkCircle,
  check2,
  'check2-all': check2All,
  clock,
  coin,
  'exclamation-triangle': exclamationTriangle,
  'filetype-gif': filetypeGif,
  fire,
  gem,
  gift,
  globe,
  heart,
  'heart-fill': heartFill,
  image,
  'lock-fill': lockFill,
  mask,
  people,
  'person-circle': personCircle,
  'person-fill': personFill,
  'person-plus': personPlus,
  search,
  'send-fill': sendFill,
  'shield-check': shieldCheck,
  'three-dots-vertical': threeDotsVertical,
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
