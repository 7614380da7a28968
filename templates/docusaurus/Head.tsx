/** `@docusaurus/Head`: the page's `<head>` is docsgen's (title and description come from front matter), so nothing. */
export default function Head(_props: { children?: unknown }) {
  return null;
}
