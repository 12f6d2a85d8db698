import type { SVGProps } from 'react';

import { FILLED, type IconName, PATHS } from '../lib/icons.ts';

export type { IconName };

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: IconName;
  size?: number;
  /** Filled instead of outlined (stars, a wished heart). */
  filled?: boolean;
  /** A label makes the icon an image for screen readers; without one it is decorative. */
  label?: string;
}

/** One icon; decorative (aria-hidden) unless given a label. */
export function Icon({ name, size = 22, filled, label, ...rest }: IconProps) {
  const fill = filled ?? FILLED.has(name);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={fill ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export default Icon;
