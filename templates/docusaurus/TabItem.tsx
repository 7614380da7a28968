import type { ReactNode } from 'react';

export interface TabItemProps {
  value?: string;
  label?: ReactNode;
  default?: boolean;
  children?: ReactNode;
}

/** `@theme/TabItem`: `<Tabs>` reads its props and shows its children in a panel; alone, it is a panel. */
export default function TabItem({ children }: TabItemProps) {
  return <div role="tabpanel">{children}</div>;
}
