import check2 from 'bootstrap-icons/icons/check2.svg?raw';
import check2All from 'bootstrap-icons/icons/check2-all.svg?raw';
import clock from 'bootstrap-icons/icons/clock.svg?raw';
import filetypeGif from 'bootstrap-icons/icons/filetype-gif.svg?raw';
import gift from 'bootstrap-icons/icons/gift.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import sendFill from 'bootstrap-icons/icons/send-fill.svg?raw';
import threeDotsVertical from 'bootstrap-icons/icons/three-dots-vertical.svg?raw';

// The chat's own glyphs, apart from components/ui/icon.tsx: that module is on every page's first load, these only
// on the chat's.
const chatIcons = {
  check2,
  'check2-all': check2All,
  clock,
  'filetype-gif': filetypeGif,
  gift,
  image,
  'send-fill': sendFill,
  'three-dots-vertical': threeDotsVertical,
} as const;

export type ChatIconName = keyof typeof chatIcons;

/** A Bootstrap Icons glyph of the chat inlined as SVG, as `Icon` does: decorative unless given a label. */
export function ChatIcon(props: { name: ChatIconName; label?: string }) {
  const svg = { __html: chatIcons[props.name] };
  return props.label ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: static SVG files from the bootstrap-icons package
    <span className="icon" role="img" aria-label={props.label} dangerouslySetInnerHTML={svg} />
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: static SVG files from the bootstrap-icons package
    <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={svg} />
  );
}
