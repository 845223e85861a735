/**
 * One choice of a radio group, its text as the label, so the whole line takes the click and the
 * radio is named by what it says (checkout's saved addresses and shipping methods).
 */
import type { ReactNode } from 'react';

export const RadioOption = ({
  name,
  value,
  checked,
  disabled,
  className,
  onChoose,
  children,
}: {
  /** The group's name: one choice per name. */
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  className?: string;
  onChoose: () => void;
  children: ReactNode;
}) => (
  <label className={className}>
    <input
      type="radio"
      name={name}
      value={value}
      checked={checked}
      disabled={disabled}
      onChange={onChoose}
    />
    {children}
  </label>
);
