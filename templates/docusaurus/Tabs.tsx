import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import type { TabItemProps } from './TabItem.js';

interface TabsProps {
  children?: ReactNode;
  values?: { value: string; label?: ReactNode }[];
  defaultValue?: string | null;
  groupId?: string;
  queryString?: boolean | string;
  className?: string;
  lazy?: boolean;
}

/**
 * `@theme/Tabs`: the same markup as `<Tabs>` in content
 * (cli/markdown/plugins/rehype-tabs.ts), so the theme's tab script
 * (templates/client/tabs.ts) switches it, remembers `groupId` and reads
 * `queryString`; the default panel shows without JavaScript.
 */
export default function Tabs({ children, values, defaultValue, groupId, queryString, className }: TabsProps) {
  const id = useId().replace(/[^\w-]/g, '');
  const items = Children.toArray(children).filter((child): child is ReactElement<TabItemProps> =>
    isValidElement(child),
  );
  const tabs = items.map((item) => {
    const value = String(item.props.value ?? '');
    const label = item.props.label ?? values?.find((v) => v.value === value)?.label ?? value;
    return { value, label, isDefault: item.props.default === true, children: item.props.children };
  });
  const selected = defaultValue ?? tabs.find((t) => t.isDefault)?.value ?? tabs[0]?.value;
  const queryKey = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  return (
    <div
      className={['tabs-container', className].filter(Boolean).join(' ')}
      data-group-id={groupId}
      data-query-string={queryKey}
    >
      <div role="tablist" className="tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={`tabs-${id}-tab-${i}`}
            className="tab"
            aria-selected={tab.value === selected ? 'true' : 'false'}
            aria-controls={`tabs-${id}-panel-${i}`}
            tabIndex={tab.value === selected ? 0 : -1}
            data-value={tab.value}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`tabs-${id}-panel-${i}`}
          className="tab-panel"
          aria-labelledby={`tabs-${id}-tab-${i}`}
          data-value={tab.value}
          hidden={tab.value !== selected}
        >
          {tab.children}
        </div>
      ))}
    </div>
  );
}
