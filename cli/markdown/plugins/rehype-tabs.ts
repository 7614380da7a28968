import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { visitElements } from './visit-elements.js';

/** A TabItem's label written as JSX (`label={<b>x</b>}`), carried as its first child (remark-mdx-static.ts). */
export const TAB_LABEL_ELEMENT = 'dg-tab-label';

export interface TabsProps {
  values?: { label?: string; value: string }[];
  defaultValue?: string;
  groupId?: string;
  queryString?: boolean | string;
}
export interface TabItemProps {
  value?: string;
  label?: string;
  default?: boolean;
}

/**
 * Expands `<Tabs>`/`<TabItem>` (carried as `dg-tabs`/`dg-tab-item` elements)
 * into an accessible tab list with one panel per item. The default panel is
 * visible without JavaScript; the client bundle makes the buttons work.
 */
export function rehypeTabs() {
  return (tree: Root, file: VFile) => {
    let count = 0;
    visitElements(tree, (node) => {
      if (node.tagName !== 'dg-tabs') return;
      const props = readTabsProps(node.properties.dataProps);
      const items = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'dg-tab-item');
      if (items.length === 0) {
        file.message('<Tabs> has no <TabItem> children', node.position).ruleId = 'invalid-mdx';
      }
      const tabs = items.map((item) => {
        const itemProps = readTabItemProps(item.properties.dataProps);
        const jsxLabel = takeJsxLabel(item);
        const value = tabValueOf(itemProps, hastText(item));
        const label: ElementContent[] = jsxLabel ?? [{ type: 'text', value: tabLabelOf(props, itemProps, value) }];
        return { item, value, label, isDefault: itemProps.default === true };
      });
      const selected = props.defaultValue ?? tabs.find((t) => t.isDefault)?.value ?? tabs[0]?.value;
      const id = `tabs-${++count}`;
      const queryKey =
        props.queryString === true
          ? props.groupId
          : typeof props.queryString === 'string'
            ? props.queryString
            : undefined;
      const buttons: ElementContent[] = tabs.map((tab, i) => ({
        type: 'element',
        tagName: 'button',
        properties: {
          type: 'button',
          role: 'tab',
          id: `${id}-tab-${i}`,
          className: ['tab'],
          ariaSelected: tab.value === selected ? 'true' : 'false',
          ariaControls: [`${id}-panel-${i}`],
          tabIndex: tab.value === selected ? 0 : -1,
          dataValue: tab.value,
        },
        children: tab.label,
      }));
      const panels: ElementContent[] = tabs.map((tab, i) => ({
        type: 'element',
        tagName: 'div',
        properties: {
          role: 'tabpanel',
          id: `${id}-panel-${i}`,
          className: ['tab-panel'],
          ariaLabelledBy: [`${id}-tab-${i}`],
          dataValue: tab.value,
          hidden: tab.value !== selected,
        },
        children: tab.item.children,
      }));
      node.tagName = 'div';
      node.properties = { className: ['tabs-container'], dataGroupId: props.groupId, dataQueryString: queryKey };
      node.children = [
        { type: 'element', tagName: 'div', properties: { role: 'tablist', className: ['tabs'] }, children: buttons },
        ...panels,
      ];
    });
  };
}

/** The item's JSX label, taken out of its panel. */
function takeJsxLabel(item: Element): ElementContent[] | undefined {
  const first = item.children.findIndex((c) => c.type === 'element');
  const label = item.children[first];
  if (label?.type !== 'element' || label.tagName !== TAB_LABEL_ELEMENT) return undefined;
  item.children.splice(first, 1);
  return label.children;
}

/**
 * The props as written in content, which may be of any shape (`values={[1, null]}`,
 * `value={{a: 1}}`): only what has the expected type is used, as text.
 */
function readProps(dataProps: unknown): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(String(dataProps ?? '{}'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** A `<Tabs>`'s props, from their JSON (the `dataProps` remark-mdx-static.ts and remark-npm2yarn.ts give it). */
export function readTabsProps(dataProps: unknown): TabsProps {
  const props = readProps(dataProps);
  const values = Array.isArray(props.values)
    ? props.values.filter(
        (v): v is Record<string, unknown> => !!v && typeof v === 'object' && textOf(v.value) !== undefined,
      )
    : undefined;
  return {
    values: values?.map((v) => ({ value: textOf(v.value)!, label: textOf(v.label) })),
    defaultValue: textOf(props.defaultValue),
    groupId: textOf(props.groupId),
    queryString: props.queryString === true || typeof props.queryString === 'string' ? props.queryString : undefined,
  };
}

/** A `<TabItem>`'s props, from their JSON. */
export function readTabItemProps(dataProps: unknown): TabItemProps {
  const props = readProps(dataProps);
  return { value: textOf(props.value), label: textOf(props.label), default: props.default === true };
}

/** A tab's value: its `value` prop, else the start of its text. */
export function tabValueOf(item: TabItemProps, text: string): string {
  return item.value ?? text.slice(0, 20);
}

/** A tab's label as text: its `label`, else the label `<Tabs values>` gives its value, else the value. */
export function tabLabelOf(tabs: TabsProps, item: TabItemProps, value: string): string {
  return item.label ?? tabs.values?.find((v) => v.value === value)?.label ?? value;
}
