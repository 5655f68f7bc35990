import type { DetailedHTMLProps, HTMLAttributes } from "react";

/** The custom elements of player-elements.ts, as JSX knows them (attributes pass through). */
type CustomElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attribute: string]: unknown;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "media-controller": CustomElementProps;
      "media-control-bar": CustomElementProps;
      "media-play-button": CustomElementProps;
      "media-seek-backward-button": CustomElementProps;
      "media-seek-forward-button": CustomElementProps;
      "media-time-range": CustomElementProps;
      "media-time-display": CustomElementProps;
      "media-mute-button": CustomElementProps;
      "media-volume-range": CustomElementProps;
      "media-captions-menu-button": CustomElementProps;
      "media-captions-menu": CustomElementProps;
      "media-playback-rate-button": CustomElementProps;
      "media-fullscreen-button": CustomElementProps;
      "media-loading-indicator": CustomElementProps;
      "hls-video": CustomElementProps;
    }
  }
}
