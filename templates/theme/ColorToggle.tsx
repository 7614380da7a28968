import { useEffect } from 'react';
import { applyColorMode, currentColorMode, followSystemColorMode } from './browser/color-mode.js';
import { MoonIcon, SunIcon } from './Icons.js';

/** Light/dark switch: stores the choice; until there is one, follows the system preference when `followSystem`. */
export function ColorToggle({ followSystem }: { followSystem: boolean }) {
  useEffect(() => (followSystem ? followSystemColorMode() : undefined), [followSystem]);
  return (
    <button
      type="button"
      className="color-toggle"
      aria-label="Switch between dark and light mode"
      title="Switch between dark and light mode"
      onClick={() => applyColorMode(currentColorMode() === 'dark' ? 'light' : 'dark', true)}
    >
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
