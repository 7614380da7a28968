import { test } from 'vitest';
import { compile, testContext } from '../../helpers/compile.js';
test('try', async () => {
  const ctx = { ...(await testContext()), siteUrl: 'https://example.com' };
  const src = `---
title: Try
description: A page to try.
---
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

export const x = 'hello';

Intro {x} with [a link](./other.md#part), [anchor](#setup), [abs](/docs/guides), ![logo](/logo.png) and [bad](javascript:alert(1)).

## Setup {#setup}

<Tabs>
<TabItem value="ios" label="iOS">

\`\`\`swift title="AppDelegate.swift"
// highlight-next-line
let a = 1
\`\`\`

</TabItem>
<TabItem value="android">

Android *text* <b>bold</b> <script>alert(1)</script>

</TabItem>
</Tabs>

:::warning[Careful]
Do not <span>do</span> this.
:::

:::note
- item
:::

<details>
<summary>More</summary>

Hidden text &lt;script&gt; \\<img src=x onerror=alert(1)>

</details>

\`\`\`bash npm2yarn
npm install foo
\`\`\`

| a | b |
|---|---|
| 1 | 2 |
`;
  const out = await compile(src, 'mdx', undefined, { context: ctx });
  console.log(out.diagnostics);
  console.log(out.markdown);
});
